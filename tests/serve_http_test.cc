// The real server: `sudokit serve --port 0` on the loopback, one request through httplib's
// client, then SIGTERM, which must stop it cleanly (exit 128 + 15).
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <regex>
#include <string>

#include "cli_runner.h"
#include "sudokit/json.h"

namespace sudokit::testing {
namespace {

// The server process, its first stdout line read (the URL it listens on).
struct ServerProcess {
    pid_t pid = -1;
    int port = 0;
    std::string first_line;

    ServerProcess() {
        int out[2];
        if (pipe(out) != 0) return;
        pid = fork();
        if (pid == 0) {
            dup2(out[1], STDOUT_FILENO);
            close(out[0]);
            close(out[1]);
            execl(SUDOKIT_BINARY, SUDOKIT_BINARY, "serve", "--port", "0", "--threads", "2",
                  static_cast<char*>(nullptr));
            _exit(127);
        }
        close(out[1]);
        char c = 0;
        while (read(out[0], &c, 1) == 1 && c != '\n') first_line += c;
        close(out[0]);
        std::smatch m;
        if (std::regex_search(first_line, m, std::regex(R"(http://127\.0\.0\.1:(\d+)/)")))
            port = std::stoi(m[1]);
    }
    // SIGTERM, then the exit code (128 + signal when killed by one).
    int stop() {
        if (pid <= 0) return -1;
        kill(pid, SIGTERM);
        int status = 0;
        waitpid(pid, &status, 0);
        pid = -1;
        return exit_code_of(status);
    }
    ~ServerProcess() {
        if (pid > 0) {
            kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
        }
    }
};

TEST(ServeHttp, AnswersAHintOnTheLoopbackAndStopsOnSigterm) {
    ServerProcess server;
    ASSERT_GT(server.port, 0) << "first line: " << server.first_line;
    httplib::Client client("127.0.0.1", server.port);
    client.set_read_timeout(30);
    const std::string body =
        R"({"puzzle":"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."})";
    auto res = client.Post("/api/hint", body, "application/json");
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_EQ(res->status, 200);
    const Json hint = Json::parse(res->body);
    EXPECT_EQ(hint["text"], "Hidden Single: r2c2=6 (box 1)");
    // The body limit, answered by the server itself with the API's JSON error.
    auto big = client.Post("/api/parse", std::string(300 * 1024, ' '), "application/json");
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, 413);
    EXPECT_EQ(Json::parse(big->body)["field"], "body");
    // Under the limit as JSON: the API reads it (and finds no puzzle in 20 KB of blanks).
    const std::string blanks = R"({"puzzle":")" + std::string(20 * 1024, ' ') + R"("})";
    auto json_body = client.Post("/api/parse", blanks, "application/json");
    ASSERT_TRUE(json_body);
    EXPECT_EQ(json_body->status, 400);
    EXPECT_EQ(Json::parse(json_body->body)["field"], "puzzle");
    // The same as a form (curl -d's type): httplib's own 8 KiB limit, said in the API's shape.
    auto form = client.Post("/api/parse", blanks, "application/x-www-form-urlencoded");
    ASSERT_TRUE(form);
    EXPECT_EQ(form->status, 413);
    EXPECT_NE(Json::parse(form->body)["error"].get<std::string>().find("application/json"),
              std::string::npos);
    auto page = client.Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    EXPECT_EQ(server.stop(), 128 + SIGTERM);
}

}  // namespace
}  // namespace sudokit::testing
