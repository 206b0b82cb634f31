// solve's and count's batch: the library's ordered runner fed from the command's files.
#include "tallied_batch.h"

#include <chrono>

#include "commands.h"
#include "input_progress.h"
#include "interrupt.h"
#include "status.h"

namespace sudokit::cli {

ItemWriters engine_item_writers(const InputSet& input, const SolveOptions& solve, bool stats,
                                StatsItemWriter line, StatsItemWriter grid, CsvItemWriter csv,
                                ItemJson item_json) {
    return ItemWriters{
        .line = [line, stats](std::string& text,
                              const BatchItem& item) { line(text, item, stats); },
        .grid = [grid, stats](std::string& text,
                              const BatchItem& item) { grid(text, item, stats); },
        .csv = csv,
        .json =
            [in = &input, so = &solve, item_json](std::string& text, const BatchItem& item) {
                append_json_line(text, item_json(item, in->source_name(item.source), *so));
            },
    };
}

void print_batch_summary(const TalliedBatch& run, std::string_view counts, std::string_view engine,
                         bool stats) {
    std::string summary = plural(run.tally.items, "puzzle") + ": ";
    summary += counts;
    summary += summary_tail(run.tally, run.seconds, run.interactive);
    summary += engine;
    if (stats) summary += "; " + format_stats(run.tally.stats);
    if (run.end == BatchEnd::interrupted) summary += "; interrupted";
    print_error(summary);
}

TalliedBatch run_tallied_batch(InputSet& input, BatchOptions options, Task task, Output& out,
                               Format format, const ItemWriters& writers) {
    const auto& write = format == Format::json   ? writers.json
                        : format == Format::grid ? writers.grid
                        : format == Format::csv  ? writers.csv
                                                 : writers.line;
    options.cancel = interrupt_flag();
    input.set_cancel(options.cancel);
    if (input.interactive()) options.chunk_items = 1;
    TalliedBatch run;
    run.interactive = input.interactive();
    InputProgress progress(input);
    size_t written = 0;
    const auto start = std::chrono::steady_clock::now();
    const auto next = [&](BatchItem& item) { return input.next_into(item); };
    const auto emit = [&](const BatchItem& item) {
        run.tally.add(item);
        const std::string message = item.message(task, options.solve);
        if (!message.empty()) {
            progress.before_message();
            print_error(input.source_name(item.source), message);
        }
        if (format != Format::json)
            input.append_tag(out.text(), item.source, item.item.line,
                             format == Format::csv ? ',' : '\t');
        write(out.text(), item);
        if (out.full()) progress.before_output();
        const bool ok = out.flush_if_full();
        progress.written(++written);
        return ok;
    };
    run.end = run_batch(next, options, emit, [&] {
        progress.before_output();
        return out.flush();
    });
    progress.finish();
    if (!out.flush()) {
        report_write_error(out.error());
        run.write_failed = true;
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return run;
}

bool start_shard(InputSet& input, const InputOptions& options, Format format, Output& out,
                 std::string_view csv_header) {
    input.set_shard(parse_shard(options.shard));
    if (input.tagged() && format == Format::grid) {
        print_error(
            "--shard: grid output spans several lines and cannot be tagged; use --format "
            "line, csv or json");
        return false;
    }
    if (format == Format::csv) {
        if (input.tagged()) out.text() += shard_csv_header(input.several_files());
        out.text() += csv_header;
    }
    return true;
}

int batch_exit_code(const TalliedBatch& run, Task task, const InputSet& input) {
    if (run.end == BatchEnd::interrupted) return interrupted_exit_code();
    if (run.write_failed || run.tally.any_failure(task) || input.had_error())
        return kExitInputProblem;
    return kExitOk;
}

}  // namespace sudokit::cli
