// UTF-8 characters in input lines: a multi-byte character (a pasted '•', a no-break space) is one
// cell and one column in counts and messages, never one per byte.
#include "io/io_detail.h"

namespace sudokit::detail {

namespace {
bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }
}  // namespace

size_t utf8_length(std::string_view text, size_t i) {
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) return 1;
    // The second byte's range rules out overlong forms and surrogates (RFC 3629, section 4).
    size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        return 1;
    }
    if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 1;
    for (size_t k = 2; k < length; ++k) {
        if (!is_continuation(byte(i + k))) return 1;
    }
    return length;
}

uint32_t utf8_code_point(std::string_view character) {
    const auto byte = [&](size_t k) { return static_cast<uint32_t>(character[k]) & 0xFF; };
    if (character.size() <= 1) return character.empty() ? 0 : byte(0);
    // The lead byte keeps 7 - size bits; each continuation byte adds 6.
    uint32_t code = byte(0) & (0x7Fu >> character.size());
    for (size_t k = 1; k < character.size(); ++k) code = (code << 6) | (byte(k) & 0x3F);
    return code;
}

size_t character_count(std::string_view text) {
    size_t count = 0;
    for (size_t i = 0; i < text.size(); i += utf8_length(text, i)) ++count;
    return count;
}

std::string narrow_characters(std::string_view text, std::vector<std::string_view>& characters) {
    std::string narrowed;
    characters.clear();
    for (size_t i = 0; i < text.size();) {
        const size_t length = utf8_length(text, i);
        characters.push_back(text.substr(i, length));
        narrowed += length == 1 ? text[i] : kWideCharacter;
        i += length;
    }
    return narrowed;
}

}  // namespace sudokit::detail
