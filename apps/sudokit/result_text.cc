// Shared pieces of solve and count output (line tails, grid extras, JSON fields, CSV columns).
#include "sudokit/result_text.h"

namespace sudokit::cli {

void append_tail(std::string& out, const Job& job, bool stats) {
    if (job.item.puzzle.ok()) out += job.puzzle().comment;
    if (stats && job.ran()) {
        out += "  # ";
        out += format_stats(job.result.stats);
    }
    out += '\n';
}

void append_comment_line(std::string& out, const Job& job) {
    if (!job.item.puzzle.ok()) return;
    std::string_view text = comment_text(job.puzzle().comment);
    if (text.empty()) return;
    out += "# ";
    out += text;
    out += '\n';
}

void append_stats_line(std::string& out, const Job& job, bool stats) {
    if (!stats || !job.ran()) return;
    out += "# ";
    out += format_stats(job.result.stats);
    out += '\n';
}

nlohmann::ordered_json json_head(const Job& job, Status status, const JsonContext& context) {
    nlohmann::ordered_json j;
    j["file"] = context.input->source_name(job.source);
    j["line"] = job.item.line;
    j["status"] = status_name(status);
    if (job.item.puzzle.ok()) {
        j["puzzle"] = format_line(job.puzzle().grid, job.puzzle().alphabet);
    } else {
        j["puzzle"] = nullptr;
    }
    return j;
}

void json_tail(nlohmann::ordered_json& j, const Job& job, Status status,
               const JsonContext& context) {
    if (job.ran()) {
        const Stats& s = job.result.stats;
        j["stats"] = {{"nodes", s.nodes},
                      {"guesses", s.guesses},
                      {"backtracks", s.backtracks},
                      {"propagations", s.propagations}};
    } else {
        j["stats"] = nullptr;
    }
    j["comment"] = job.item.puzzle.ok() ? std::string(comment_text(job.puzzle().comment)) : "";
    if (is_failure(status)) {
        j["error"] = problem_message(job, status, context.config);
    } else {
        j["error"] = nullptr;
    }
}

void append_csv_puzzle(std::string& out, const Job& job) {
    if (job.item.puzzle.ok()) append_line(out, job.puzzle().grid, job.puzzle().alphabet);
}

void append_csv_stats_and_comment(std::string& out, const Job& job) {
    out += ',';
    if (job.ran()) out += std::to_string(job.result.stats.nodes);
    out += ',';
    if (job.ran()) out += std::to_string(job.result.stats.guesses);
    out += ',';
    if (job.item.puzzle.ok()) append_csv_field(out, comment_text(job.puzzle().comment));
    out += '\n';
}

}  // namespace sudokit::cli
