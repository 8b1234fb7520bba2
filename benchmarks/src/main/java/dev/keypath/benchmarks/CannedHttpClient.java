package dev.keypath.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * An {@link SdkHttpClient} that answers each DynamoDB call with prebuilt JSON bytes and opens no socket: beneath a
 * real {@code DynamoDbClient}, it lets a benchmark time the whole SDK pipeline (marshalling, signing, interceptors,
 * the response's CRC32 check and unmarshalling) with no network and no engine. The call is told by the request's
 * {@code X-Amz-Target}; its answer carries {@code ConsumedCapacity} only when the request's body asks for it. The
 * first request of each call decides for every later one: a table asks the same way on every request, and reading
 * each body to find out would time this client's own scanning with the SDK, longer for a body that asks. Not a
 * stand-in for DynamoDB: it ignores everything else in the request. Thread-safe.
 */
final class CannedHttpClient implements SdkHttpClient {
    /** What each canned response reports, as DynamoDB does with {@code ReturnConsumedCapacity=INDEXES}. */
    static final ConsumedCapacity CAPACITY = ConsumedCapacity.builder().tableName(MapperFixture.TABLE)
            .capacityUnits(1.0).table(c -> c.capacityUnits(1.0)).build();

    private static final String TARGET = "X-Amz-Target";
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final byte[] ASKS_FOR_CAPACITY = "\"ReturnConsumedCapacity\":\"".getBytes(StandardCharsets.UTF_8);
    private static final byte[] ASKS_FOR_NONE = "\"ReturnConsumedCapacity\":\"NONE\"".getBytes(StandardCharsets.UTF_8);

    private final Map<String, Canned> answers;
    /** Each call's answer, as its first request decided. */
    private final Map<String, Answer> decided = new ConcurrentHashMap<>();

    /** @param answers per operation name ({@code GetItem}, {@code PutItem}, {@code Query}), its two answers */
    CannedHttpClient(Map<String, Canned> answers) {
        this.answers = Map.copyOf(answers);
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        String target = request.httpRequest().firstMatchingHeader(TARGET).orElse("");
        String call = target.startsWith(TARGET_PREFIX) ? target.substring(TARGET_PREFIX.length()) : target;
        Answer answer = decided.get(call);
        if (answer == null) {
            Canned canned = answers.get(call);
            if (canned == null) {
                throw new IllegalArgumentException("no canned answer for " + target);
            }
            answer = decided.computeIfAbsent(call,
                    c -> canned.answer(asksForCapacity(request.contentStreamProvider().orElse(null))));
        }
        Answer answered = answer;
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                return HttpExecuteResponse.builder().response(answered.head())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(answered.body())))
                        .build();
            }

            @Override
            public void abort() {
            }
        };
    }

    /** Whether the request's body asks for consumed capacity (any mode but {@code NONE}). */
    private static boolean asksForCapacity(ContentStreamProvider content) {
        if (content == null) {
            return false;
        }
        byte[] body;
        try (InputStream in = content.newStream()) {
            body = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return indexOf(body, ASKS_FOR_CAPACITY) >= 0 && indexOf(body, ASKS_FOR_NONE) < 0;
    }

    private static int indexOf(byte[] in, byte[] what) {
        outer:
        for (int i = 0; i <= in.length - what.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (in[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Override
    public String clientName() {
        return "Canned";
    }

    @Override
    public void close() {
    }

    /**
     * One operation's two answers: with and without its {@code ConsumedCapacity}.
     *
     * @param withCapacity    the answer when the request asks for capacity
     * @param withoutCapacity the answer when it does not
     */
    record Canned(Answer withCapacity, Answer withoutCapacity) {
        /** The answers of these two JSON bodies. */
        static Canned of(String withCapacity, String withoutCapacity) {
            return new Canned(Answer.of(withCapacity), Answer.of(withoutCapacity));
        }

        Answer answer(boolean capacity) {
            return capacity ? withCapacity : withoutCapacity;
        }
    }

    /**
     * A successful answer: its headers, as DynamoDB sends them (the body's CRC32 included, which the SDK checks),
     * and its body.
     */
    record Answer(SdkHttpResponse head, byte[] body) {
        static Answer of(String json) {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            CRC32 crc = new CRC32();
            crc.update(body);
            return new Answer(SdkHttpResponse.builder().statusCode(200).statusText("OK")
                    .putHeader("Content-Type", "application/x-amz-json-1.0")
                    .putHeader("Content-Length", Integer.toString(body.length))
                    .putHeader("x-amz-crc32", Long.toString(crc.getValue()))
                    .putHeader("x-amzn-RequestId", "CANNED0000000000000000000000000000000000000000000000")
                    .build(), body);
        }
    }
}
