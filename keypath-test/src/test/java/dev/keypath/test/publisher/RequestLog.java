package dev.keypath.test.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * An SDK {@link ExecutionInterceptor} on a client of the real engine that counts the {@code Query} and {@code Scan}
 * requests a read sends, how many were in flight at once at most, and can hold the answer to one of them until the
 * test lets it go (so that the test acts while that page is in flight). Thread-safe.
 */
final class RequestLog implements ExecutionInterceptor {
    private final AtomicInteger sent = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private volatile int held = -1;
    private final CountDownLatch holding = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    /** Holds the answer to the {@code n}th page request (counting from 1) until {@link #release()}. */
    RequestLog hold(int n) {
        held = n;
        return this;
    }

    /** Page requests sent so far. */
    int sent() {
        return sent.get();
    }

    /** The most page requests that were in flight at one time. */
    int mostInFlight() {
        return mostInFlight.get();
    }

    /** Waits until the held answer has arrived and is being held. */
    void awaitHolding() throws InterruptedException {
        assertThat(holding.await(Recorder.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).as("the held request was sent")
                .isTrue();
    }

    /** Lets the held answer go on. */
    void release() {
        released.countDown();
    }

    private static boolean isPage(SdkRequest request) {
        return request instanceof QueryRequest || request instanceof ScanRequest;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (isPage(context.request())) {
            sent.incrementAndGet();
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        }
    }

    @Override
    public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        if (isPage(context.request()) && sent.get() == held) {
            holding.countDown();
            try {
                released.await(Recorder.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return context.httpResponse();
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (isPage(context.request())) {
            inFlight.decrementAndGet();
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        if (isPage(context.request())) {
            inFlight.decrementAndGet();
        }
    }
}
