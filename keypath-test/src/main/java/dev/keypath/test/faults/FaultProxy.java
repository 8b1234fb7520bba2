package dev.keypath.test.faults;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An HTTP proxy in front of a DynamoDB engine that injects network faults, for tests: it listens on a free port of
 * the loopback address only ({@code 127.0.0.1}), forwards each request to the engine and, as its {@link FaultPlan}
 * deals them, loses answers after the engine applied the request, answers with a 5xx or a throttle instead, drops
 * requests, delays answers and slows every exchange. Point an SDK client at {@link #endpoint()}:
 *
 * <pre>{@code
 * try (FaultProxy proxy = FaultProxy.start(TestDynamoDb.get().endpoint(), plan);
 *      DynamoDbClient client = TestDynamoDb.get().clientBuilder().endpointOverride(proxy.endpoint()).build()) {
 *     KeyPathTable table = KeyPathTables.builder().client(client).tableName(name).register(Post.class).build();
 *     …
 * }
 * }</pre>
 *
 * <p>Built on the JDK's own HTTP server ({@code com.sun.net.httpserver}) and client ({@code java.net.http}). The
 * request goes to the engine with its headers except those the client sets itself ({@code Host} among them), so
 * an engine that checks request signatures against the host (real DynamoDB) refuses it; DynamoDB Local and
 * LocalStack do not check. Thread-safe; close it to stop it.
 */
public final class FaultProxy implements AutoCloseable {
    private static final String JSON = "application/x-amz-json-1.0";
    private static final String INTERNAL_ERROR = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\","
            + "\"message\":\"injected by FaultProxy\"}";
    private static final String THROTTLED = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#"
            + "ProvisionedThroughputExceededException\",\"message\":\"injected by FaultProxy\"}";
    /** Headers that neither side may copy: the connection's own, and those the JDK's client and server set. */
    private static final Set<String> HOP_BY_HOP = Set.of("host", "connection", "content-length", "expect", "upgrade",
            "transfer-encoding", "keep-alive", "te", "trailer", "proxy-connection", "date");
    private static final AtomicInteger PROXIES = new AtomicInteger();

    private final URI target;
    private final HttpServer server;
    private final ExecutorService handlers;
    private final HttpClient engine;
    private final AtomicLong requests = new AtomicLong();
    private final Map<Fault, AtomicLong> counts = new EnumMap<>(Fault.class);
    private volatile FaultPlan plan;
    private volatile FaultPlan.Dealer dealer;

    private FaultProxy(URI target, FaultPlan plan) throws IOException {
        this.target = target;
        for (Fault f : Fault.values()) {
            counts.put(f, new AtomicLong());
        }
        use(plan);
        int id = PROXIES.incrementAndGet();
        AtomicInteger threads = new AtomicInteger();
        this.handlers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "keypath-fault-proxy-" + id + "-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.engine = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(handlers)
                .connectTimeout(Duration.ofSeconds(10)).build();
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
        server.start();
    }

    /**
     * Starts a proxy of the engine at {@code target} (its HTTP endpoint, e.g. {@code TestDynamoDb.get().endpoint()})
     * on a free loopback port, injecting the faults of {@code plan}.
     */
    public static FaultProxy start(URI target, FaultPlan plan) {
        Objects.requireNonNull(target, "target");
        try {
            return new FaultProxy(target, Objects.requireNonNull(plan, "plan"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the fault proxy's loopback port", e);
        }
    }

    /** Where clients send their requests: {@code http://127.0.0.1:<port>}. */
    public URI endpoint() {
        return URI.create("http://" + server.getAddress().getAddress().getHostAddress() + ":"
                + server.getAddress().getPort());
    }

    /** The plan in use. */
    public FaultPlan plan() {
        return plan;
    }

    /** From the next request on, deals the faults of {@code plan}, from its start. */
    public void use(FaultPlan plan) {
        FaultPlan p = Objects.requireNonNull(plan, "plan");
        this.dealer = p.dealer();
        this.plan = p;
    }

    /** The requests received so far, and the faults they met. */
    public FaultCounts counts() {
        Map<Fault, Long> byFault = new EnumMap<>(Fault.class);
        counts.forEach((f, n) -> byFault.put(f, n.get()));
        return new FaultCounts(requests.get(), byFault);
    }

    /** Stops listening and ends every exchange in progress. */
    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }

    private void handle(HttpExchange exchange) {
        try {
            byte[] body = exchange.getRequestBody().readAllBytes();
            FaultPlan current = plan;
            Fault fault = dealer.next(operation(exchange.getRequestHeaders().getFirst("X-Amz-Target")));
            requests.incrementAndGet();
            counts.get(fault).incrementAndGet();
            sleep(current.latency().dividedBy(2));
            if (!fault.forwarded()) {
                refuse(exchange, fault);
                return;
            }
            HttpResponse<byte[]> answer = forward(exchange, body);
            if (answer == null) {
                return; // the engine could not be reached: the client sees a dropped connection
            }
            switch (fault) {
                case LOST_ANSWER -> {
                    return; // closed below without an answer
                }
                case ERROR_AFTER_APPLY -> {
                    respond(exchange, 500, Map.of(), INTERNAL_ERROR.getBytes(StandardCharsets.UTF_8), current);
                    return;
                }
                case DELAYED_ANSWER -> sleep(current.delay());
                default -> {
                }
            }
            sleep(current.latency().dividedBy(2));
            respond(exchange, answer.statusCode(), answer.headers().map(), answer.body(), current);
        } catch (IOException e) {
            // the client went away (it gave up waiting): nothing to answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the proxy is closing
        } finally {
            exchange.close(); // without an answer sent, this closes the connection
        }
    }

    private void refuse(HttpExchange exchange, Fault fault) throws IOException, InterruptedException {
        switch (fault) {
            case ERROR -> respond(exchange, 500, Map.of(), INTERNAL_ERROR.getBytes(StandardCharsets.UTF_8), plan);
            case THROTTLE -> respond(exchange, 400, Map.of(), THROTTLED.getBytes(StandardCharsets.UTF_8), plan);
            default -> {
                // DROPPED_REQUEST: closed without an answer
            }
        }
    }

    /** The engine's answer, or null when it cannot be reached. */
    private HttpResponse<byte[]> forward(HttpExchange exchange, byte[] body) throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI()))
                .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body))
                .timeout(Duration.ofSeconds(60));
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                for (String v : values) {
                    try {
                        request.header(name, v);
                    } catch (IllegalArgumentException restricted) {
                        // a header the JDK's client sets itself: left to it
                    }
                }
            }
        });
        try {
            return engine.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            return null;
        }
    }

    private static void respond(HttpExchange exchange, int status, Map<String, List<String>> headers, byte[] body,
                                FaultPlan plan) throws IOException, InterruptedException {
        headers.forEach((name, values) -> {
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        if (!exchange.getResponseHeaders().containsKey("Content-Type")) {
            exchange.getResponseHeaders().set("Content-Type", JSON);
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length == 0) {
            return;
        }
        try (OutputStream out = exchange.getResponseBody()) {
            long rate = plan.bytesPerSecond();
            if (rate == 0) {
                out.write(body);
                return;
            }
            int slice = (int) Math.max(1, Math.min(body.length, rate / 100)); // about 10 ms of bytes at a time
            for (int off = 0; off < body.length; off += slice) {
                int n = Math.min(slice, body.length - off);
                out.write(body, off, n);
                out.flush();
                Thread.sleep(Math.max(1, n * 1000L / rate));
            }
        }
    }

    /** The operation named by an {@code X-Amz-Target} header ({@code DynamoDB_20120810.PutItem}), or null. */
    private static String operation(String target) {
        if (target == null) {
            return null;
        }
        int dot = target.lastIndexOf('.');
        return dot < 0 ? target : target.substring(dot + 1);
    }

    private static void sleep(Duration d) throws InterruptedException {
        if (!d.isZero()) {
            Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);
        }
    }
}
