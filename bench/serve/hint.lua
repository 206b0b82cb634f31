-- wrk script: POST /api/hint for a 9x9 mid-game position (the givens, 20 digits placed).
-- wrk -t2 -c16 -d30s -s bench/serve/hint.lua http://127.0.0.1:8080/api/hint
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[{"puzzle": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", "values": [4, 8, 3, 9, 2, 1, 6, 5, 7, 9, 6, 7, 3, 4, 5, 8, 2, 1, 2, 5, 1, 8, 7, 6, 4, 9, 3, 5, 4, 8, 1, 3, 2, 9, 7, 0, 7, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 6, 7, 0, 8, 2, 0, 0, 0, 0, 2, 6, 0, 9, 5, 0, 0, 8, 0, 0, 2, 0, 3, 0, 0, 9, 0, 0, 5, 0, 1, 0, 3, 0, 0]}]]

function done(summary, latency, requests)
   io.write(string.format("non-2xx or socket errors: %d\n", summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
   for _, p in ipairs({50, 90, 99}) do
      io.write(string.format("p%d: %.2f ms\n", p, latency:percentile(p) / 1000))
   end
end
