// `sudokit serve`: the web page and its JSON API (src/serve, docs/api.md) over HTTP. The
// server only moves bytes: every answer is serve::handle_request's. A fixed pool of worker
// threads answers requests; SIGINT/SIGTERM stop the listener and cancel the requests running
// (through the library's cancel flag, which every search checks).
#include <fmt/format.h>
#include <httplib.h>
#include <spawn.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "cli_options.h"
#include "commands.h"
#include "interrupt.h"
#include "output.h"
#include "serve/api.h"
#include "sudokit/batch.h"

extern char** environ;

namespace sudokit::cli {

namespace {

struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 8080;
    int threads = 0;
    double max_seconds = 10;
    size_t max_body = 256 * 1024;
    bool open = false;
};

// Opens the page in the desktop's browser (xdg-open), without waiting for it.
void open_browser(const std::string& url) {
    pid_t pid = 0;
    const char* argv[] = {"xdg-open", url.c_str(), nullptr};
    if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) !=
        0) {
        print_error("serve: could not run xdg-open; open " + url + " yourself");
        return;
    }
    std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();
}

int run_serve(const ServeOptions& o) {
    serve::ApiOptions api;
    api.max_body_bytes = o.max_body;
    api.max_seconds = o.max_seconds;
    api.cancel = interrupt_flag();
    if (OptionCheck problem = serve::check_api_options(api)) {
        print_error("serve: " + option_error_text(*problem));
        return kExitUsage;
    }
    // httplib gives each open connection a worker for as long as it is kept alive, and a browser
    // opens up to six: the default leaves room for a few browsers beside the cores' work.
    const int threads = o.threads > 0 ? o.threads : std::max(8, 2 * batch_threads(0));
    httplib::Server server;
    server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    server.set_payload_max_length(api.max_body_bytes);
    // A client that holds a connection open without sending ties up a worker: bounded.
    server.set_keep_alive_max_count(1000);
    server.set_keep_alive_timeout(2);
    // httplib writes the headers and the body apart: without TCP_NODELAY the body waits for
    // the client's delayed ACK (40 ms a request on Linux).
    server.set_tcp_nodelay(true);
    server.set_read_timeout(10);
    server.set_write_timeout(10);
    const auto handler = [&api](const httplib::Request& req, httplib::Response& res) {
        serve::ApiResponse answer = serve::handle_request(req.method, req.path, req.body, api);
        res.status = answer.status;
        res.set_content(std::move(answer.body), answer.content_type.c_str());
    };
    for (const char* pattern : {R"(/.*)"}) {
        server.Get(pattern, handler);
        server.Post(pattern, handler);
        server.Put(pattern, handler);
        server.Delete(pattern, handler);
    }
    // What httplib answers itself (a body over the limit, a malformed request line) gets the
    // API's JSON error too.
    server.set_error_handler(httplib::Server::HandlerWithResponse(
        [&api](const httplib::Request& req, httplib::Response& res) {
            if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
            std::string message = fmt::format("HTTP {}", res.status);
            if (res.status == 413) {
                // httplib keeps form bodies (curl -d's default type) to 8 KiB whatever the limit.
                const bool form = req.get_header_value("Content-Type")
                                      .starts_with("application/x-www-form-urlencoded");
                message =
                    form ? "body: a form-encoded body is limited to 8192 bytes; send the "
                           "JSON with Content-Type: application/json"
                         : fmt::format("body: more than the limit of {} bytes", api.max_body_bytes);
            }
            res.set_content(serve::error_body(res.status == 413 ? "body" : "", message),
                            "application/json");
            return httplib::Server::HandlerResponse::Handled;
        }));

    int port = o.port;
    if (port == 0) {
        port = server.bind_to_any_port(o.host);
        if (port < 0) port = 0;
    } else if (!server.bind_to_port(o.host, port)) {
        port = 0;
    }
    if (port == 0) {
        print_error(
            fmt::format("serve: cannot listen on {}:{} (in use, or not an address of "
                        "this machine)",
                        o.host, o.port));
        return kExitInputProblem;
    }
    const std::string shown_host = o.host == "0.0.0.0" ? "127.0.0.1" : o.host;
    const std::string url = fmt::format("http://{}:{}/", shown_host, port);
    std::fputs(
        fmt::format("sudokit serve: {} ({} worker threads; Ctrl-C stops)\n", url, threads).c_str(),
        stdout);
    std::fflush(stdout);
    if (o.open) open_browser(url);

    // The signal handlers only set the flag; this thread turns it into a stop of the listener.
    std::atomic<bool> done{false};
    std::thread watcher([&server, &done] {
        while (!interrupted() && !done.load())
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        server.stop();
    });
    const bool listened = server.listen_after_bind();
    done.store(true);
    watcher.join();
    if (interrupted()) {
        print_error("serve: stopped");
        return interrupted_exit_code();
    }
    if (!listened) print_error("serve: the listener failed");
    return listened ? kExitOk : kExitInputProblem;
}

}  // namespace

Command add_serve_command(CLI::App& app) {
    auto options = std::make_shared<ServeOptions>();
    CLI::App* cmd = app.add_subcommand(
        "serve", "the web page that teaches solving step by step, and its JSON API");
    cmd->add_option("--host", options->host,
                    "address to listen on (default 127.0.0.1: this machine only). 0.0.0.0 "
                    "listens on every network interface: anyone who can reach this machine can "
                    "use the page and the API, which has no login, and each request may use up "
                    "to --max-seconds of a core")
        ->type_name("ADDR");
    cmd->add_option("--port", options->port, "TCP port (default 8080; 0: any free port)")
        ->transform(whole_number(0, 65535))
        ->type_name("PORT");
    cmd->add_option("-j,--threads", options->threads,
                    "worker threads (default 0: twice the cores, at least 8); each open "
                    "connection holds one while it is kept alive (2 s idle at most), more "
                    "connections wait for a free one")
        ->transform(whole_number(0, 4096))
        ->type_name("N");
    cmd->add_option("--max-seconds", options->max_seconds,
                    "time budget of one request (default 10): a search that runs out answers "
                    "status \"timeout\"")
        ->check(real_number(0, false, "a number of seconds"))
        ->type_name("S");
    cmd->add_option("--max-body", options->max_body,
                    "largest request body in bytes (default 262144); larger ones get 413")
        ->transform(whole_number<size_t>(1, size_t{1} << 30))
        ->type_name("BYTES");
    cmd->add_flag("--open", options->open, "open the page in the desktop's browser (xdg-open)");
    cmd->footer(
        R"(Prints the URL to open, then answers until Ctrl-C or SIGTERM, which stop the
listener and cancel the requests running (exit 130 / 143).
The page (its files are inside the program) is at /, the API under /api/ (docs/api.md):
POST /api/parse, /api/solve, /api/count, /api/explain, /api/hint, /api/rate,
/api/generate with a JSON body; GET /api/techniques.)");
    return Command{cmd, [options] { return run_serve(*options); }};
}

}  // namespace sudokit::cli
