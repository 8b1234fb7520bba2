-- wrk script: POST a new post to one user of the Spring example (its id in the USER_ID environment variable)
-- and count the answers by status, so that a run shows how many posts were refused.
wrk.method = "POST"
wrk.path = "/users/" .. os.getenv("USER_ID") .. "/posts"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"load","body":"a post written under load"}'

local statuses = {}
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  io.write(string.format("requests/s %.1f  p50 %.1f ms  p99 %.1f ms  non-2xx %d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status))
end
