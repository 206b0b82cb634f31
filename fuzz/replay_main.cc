// Replays fuzz inputs without libFuzzer: every file of the folders (or the files) named on the
// command line goes to the target's LLVMFuzzerTestOneInput, in name order, so the seed corpus
// and every regression run in the normal test suite. Usage: fuzz_replay_<target> PATH...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

// The inputs under a path: the file itself, or the files of the folder (names starting with '.'
// left out, such as the .gitkeep of a folder without regressions yet).
bool collect_inputs(const fs::path& path, std::vector<fs::path>& inputs) {
    std::error_code error;
    if (fs::is_regular_file(path, error)) {
        inputs.push_back(path);
        return true;
    }
    if (!fs::is_directory(path, error)) return false;
    for (const fs::directory_entry& entry : fs::directory_iterator(path, error)) {
        if (!entry.is_regular_file()) continue;
        if (entry.path().filename().string().starts_with(".")) continue;
        inputs.push_back(entry.path());
    }
    return !error;
}

// The exact bytes in a buffer of their size, so that AddressSanitizer sees any read past them.
bool replay(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                  std::istreambuf_iterator<char>()};
    std::unique_ptr<uint8_t[]> data(new uint8_t[bytes.size()]);
    std::copy(bytes.begin(), bytes.end(), data.get());
    LLVMFuzzerTestOneInput(data.get(), bytes.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PATH... (folders of fuzz inputs, or files)\n", argv[0]);
        return 2;
    }
    size_t replayed = 0;
    for (int i = 1; i < argc; ++i) {
        std::vector<fs::path> inputs;
        if (!collect_inputs(argv[i], inputs)) {
            std::fprintf(stderr, "replay: cannot read %s\n", argv[i]);
            return 1;
        }
        std::sort(inputs.begin(), inputs.end());
        for (const fs::path& input : inputs) {
            // The name goes out first, so that a crash is seen next to the input that caused it.
            std::printf("replay %s\n", input.c_str());
            std::fflush(stdout);
            if (!replay(input)) {
                std::fprintf(stderr, "replay: cannot read %s\n", input.c_str());
                return 1;
            }
            ++replayed;
        }
    }
    std::printf("replayed %zu inputs\n", replayed);
    // A corpus that vanished must not pass as an empty success.
    return replayed > 0 ? 0 : 1;
}
