package dev.keypath.test.faults;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.reactivestreams.Publisher;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * An SDK interceptor that loses the answer to a write DynamoDB has applied: the first attempt of the next call of
 * an armed operation reaches the engine, which executes it, and its answer is replaced by a retryable
 * {@code 500 InternalServerError}; the SDK's retry policy then sends the same request again. A later attempt can
 * be answered with another error body instead of its real answer ({@link #answerSecondWith}), and a test can
 * act between the lost answer and the resend ({@link #afterLoss}), or arm an operation only once a call of another
 * has started ({@link #armAfter}). It also records the client request token of every {@code TransactWriteItems}
 * attempt. Thread-safe.
 */
final class LostFirstAnswer implements ExecutionInterceptor {
    static final String INTERNAL_ERROR = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\","
            + "\"message\":\"answer lost by LostFirstAnswer\"}";
    static final String TRANSACTION_IN_PROGRESS = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#"
            + "TransactionInProgressException\",\"message\":\"injected by LostFirstAnswer\"}";
    private static final ExecutionAttribute<Boolean> ARMED = new ExecutionAttribute<>("kp-lose-armed");
    private static final ExecutionAttribute<AtomicInteger> ATTEMPT = new ExecutionAttribute<>("kp-lose-attempt");

    private final Map<String, AtomicInteger> armed = new ConcurrentHashMap<>();
    private final Map<String, String> armedAfter = new ConcurrentHashMap<>();
    private final List<String> tokens = new CopyOnWriteArrayList<>();
    private final AtomicInteger lost = new AtomicInteger();
    private volatile String secondAnswer;
    private volatile Consumer<SdkRequest> afterLoss = r -> { };

    /** Loses the answer to the first attempt of the next {@code times} calls of {@code operation} (e.g. PutItem). */
    LostFirstAnswer arm(String operation, int times) {
        armed.computeIfAbsent(operation, k -> new AtomicInteger()).addAndGet(times);
        return this;
    }

    /** {@link #arm(String, int)} once. */
    LostFirstAnswer arm(String operation) {
        return arm(operation, 1);
    }

    /**
     * Arms {@code operation} once ({@link #arm(String)}) when the next call of {@code after} starts, so that only
     * the calls of {@code operation} that follow it lose their first answer.
     */
    LostFirstAnswer armAfter(String after, String operation) {
        armedAfter.put(after, operation);
        return this;
    }

    /** Answers the second attempt of the next armed call with {@code body} (status 400) instead of its answer. */
    LostFirstAnswer answerSecondWith(String body) {
        secondAnswer = body;
        return this;
    }

    /** Runs {@code action} with the request whose answer was just lost, before the SDK sends it again. */
    LostFirstAnswer afterLoss(Consumer<SdkRequest> action) {
        afterLoss = action;
        return this;
    }

    /** How many answers were lost so far. */
    int lost() {
        return lost.get();
    }

    /** The client request tokens of every TransactWriteItems attempt sent, in order. */
    List<String> transactionTokens() {
        return List.copyOf(tokens);
    }

    /** Disarms every operation and forgets what was counted and recorded. */
    void reset() {
        armed.clear();
        armedAfter.clear();
        tokens.clear();
        lost.set(0);
        secondAnswer = null;
        afterLoss = r -> { };
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String op = context.request().getClass().getSimpleName().replace("Request", "");
        String then = armedAfter.remove(op);
        if (then != null) {
            arm(then);
        }
        AtomicInteger left = armed.get(op);
        attributes.putAttribute(ATTEMPT, new AtomicInteger());
        if (left != null && left.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
            attributes.putAttribute(ARMED, true);
        }
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        attributes.getAttribute(ATTEMPT).incrementAndGet();
        if (context.request() instanceof TransactWriteItemsRequest t) {
            tokens.add(t.clientRequestToken());
        }
    }

    private String replacement(ExecutionAttributes attributes) {
        if (!Boolean.TRUE.equals(attributes.getAttribute(ARMED))) {
            return null;
        }
        int attempt = attributes.getAttribute(ATTEMPT).get();
        if (attempt == 1) {
            return INTERNAL_ERROR;
        }
        return attempt == 2 ? secondAnswer : null;
    }

    @Override
    public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        String body = replacement(attributes);
        if (body == null) {
            return context.httpResponse();
        }
        if (body == INTERNAL_ERROR) {
            lost.incrementAndGet();
            afterLoss.accept(context.request());
        }
        return context.httpResponse().toBuilder().statusCode(body == INTERNAL_ERROR ? 500 : 400)
                .removeHeader("x-amz-crc32").removeHeader("Content-Length").build();
    }

    @Override
    public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context,
                                                           ExecutionAttributes attributes) {
        String body = replacement(attributes);
        if (body == null) {
            return context.responseBody();
        }
        context.responseBody().ifPresent(LostFirstAnswer::closeQuietly);
        return Optional.of(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Override
    public Optional<Publisher<ByteBuffer>> modifyAsyncHttpResponseContent(Context.ModifyHttpResponse context,
                                                                          ExecutionAttributes attributes) {
        String body = replacement(attributes);
        return body == null ? context.responsePublisher()
                : Optional.of(AsyncRequestBody.fromString(body, StandardCharsets.UTF_8));
    }

    private static void closeQuietly(InputStream body) {
        try {
            body.close();
        } catch (IOException e) {
            // the connection is discarded either way
        }
    }
}
