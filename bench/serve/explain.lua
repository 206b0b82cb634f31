-- wrk script: POST /api/explain of an SE 9.0 puzzle (magictour_top1465 in se_rated_public.csv),
-- the whole path with the rating. wrk -t2 -c2 -d30s -s bench/serve/explain.lua http://127.0.0.1:8080/api/explain
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[{"puzzle": "..2.5..1.....6....4..1.7...8....5.....7.3.56.......2.75...936.....5...4.19...48.."}]]

function done(summary, latency, requests)
   io.write(string.format("non-2xx or socket errors: %d\n", summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
   for _, p in ipairs({50, 90, 99}) do
      io.write(string.format("p%d: %.2f ms\n", p, latency:percentile(p) / 1000))
   end
end
