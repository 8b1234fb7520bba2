package dev.keypath.dynamodb.internal.request;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.core.SdkServiceClientConfiguration;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RecordSuccessResponse;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;

/**
 * The SDK's attempts at one single-item write, seen from inside its retry policy: a per-request {@link SdkPlugin}
 * wraps the client's own {@link RetryStrategy} (its attempts, backoff and retry quota unchanged) and notes every
 * failed attempt that DynamoDB may have applied before its answer was lost: a 5xx, a timeout, a connection that
 * broke after the request was sent. A throttle, a refused request or a connection that never opened is not such an
 * attempt. So a write whose condition fails on a later attempt knows whether its own earlier attempt may be what
 * the condition found.
 *
 * <p>{@link #unappliedOnly()} also refuses to resend after such a failure: for a write that must not be applied
 * twice (an increment without an expected version), the SDK resends it only when DynamoDB surely did not apply
 * it (a throttle), and the failure reaches the caller otherwise. A client with a legacy {@code RetryPolicy} keeps
 * it for recording (nothing is noted); an unapplied-only write on such a client is not retried at all.
 *
 * <p>When the client ignores request plugins (not the SDK's generated client), nothing is noted, and
 * {@link #earlierAttemptMayHaveApplied} falls back to the failure's attempt count. One instance per request;
 * thread-safe (the asynchronous client may record from several threads).
 */
public final class WriteAttempts implements SdkPlugin {
    private final boolean unappliedOnly;
    private volatile boolean recording;
    private volatile boolean mayHaveApplied;

    private WriteAttempts(boolean unappliedOnly) {
        this.unappliedOnly = unappliedOnly;
    }

    /** Notes the attempts; the SDK retries as the client is configured. */
    public static WriteAttempts recording() {
        return new WriteAttempts(false);
    }

    /** Notes the attempts and lets the SDK resend only after failures DynamoDB surely did not apply. */
    public static WriteAttempts unappliedOnly() {
        return new WriteAttempts(true);
    }

    /** {@code request} with this plugin on its override configuration. */
    @SuppressWarnings("unchecked")
    public <R extends AwsRequest> R attachTo(R request) {
        return (R) request.toBuilder().overrideConfiguration(o -> o.addPlugin(this)).build();
    }

    /** Whether the SDK may resend this request after a failure that DynamoDB may have applied. */
    public boolean resendsAppliedFailures() {
        return !unappliedOnly;
    }

    /**
     * Whether an attempt before the one that ended with {@code failure} may have been applied by DynamoDB; without
     * notes (the plugin did not run), whether the SDK made more than one attempt at all.
     */
    public boolean earlierAttemptMayHaveApplied(SdkException failure) {
        if (recording) {
            return mayHaveApplied;
        }
        Integer attempts = failure.numAttempts();
        return attempts != null && attempts > 1;
    }

    /** Whether some failed attempt may have been applied, the last one included; as above without notes. */
    public boolean anyAttemptMayHaveApplied(Throwable failure) {
        return recording ? mayHaveApplied : mayHaveBeenApplied(failure);
    }

    /**
     * Whether DynamoDB may have applied a request that failed this way: yes for a 5xx, a timeout or a broken
     * connection; no for an answer under 500 (throttling, validation, a failed condition) or a connection that
     * never opened.
     */
    static boolean mayHaveBeenApplied(Throwable failure) {
        if (failure instanceof SdkServiceException service && service.statusCode() > 0) {
            return service.statusCode() >= 500;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof UnknownHostException
                    || t instanceof NoRouteToHostException) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void configureClient(SdkServiceClientConfiguration.Builder config) {
        ClientOverrideConfiguration o = config.overrideConfiguration();
        RetryStrategy own;
        if (o.retryPolicy().isPresent()) {
            if (!unappliedOnly) {
                return; // a legacy retry policy: leave it as it is
            }
            own = AwsRetryStrategy.doNotRetry();
        } else if (o.retryStrategy().isPresent()) {
            own = o.retryStrategy().get();
        } else {
            return;
        }
        config.overrideConfiguration(o.toBuilder().retryStrategy(new Noting(own)).build());
        recording = true;
    }

    /** The client's strategy, with each failed attempt noted first and, when unapplied-only, refused. */
    private final class Noting implements RetryStrategy {
        private final RetryStrategy delegate;

        Noting(RetryStrategy delegate) {
            this.delegate = delegate;
        }

        /** Notes {@code failure}; the refusal to resend when this write must not be sent again after it. */
        private TokenAcquisitionFailedException note(RefreshRetryTokenRequest request) {
            if (!mayHaveBeenApplied(request.failure())) {
                return null;
            }
            mayHaveApplied = true;
            return unappliedOnly ? new TokenAcquisitionFailedException("not resent: DynamoDB may have applied the "
                    + "write, and applying it twice would change the item twice", request.token(), request.failure())
                    : null;
        }

        @Override
        public AcquireInitialTokenResponse acquireInitialToken(AcquireInitialTokenRequest request) {
            return delegate.acquireInitialToken(request);
        }

        @Override
        public CompletableFuture<AcquireInitialTokenResponse> acquireInitialTokenAsync(
                AcquireInitialTokenRequest request) {
            return delegate.acquireInitialTokenAsync(request);
        }

        @Override
        public RefreshRetryTokenResponse refreshRetryToken(RefreshRetryTokenRequest request) {
            TokenAcquisitionFailedException refused = note(request);
            if (refused != null) {
                throw refused;
            }
            return delegate.refreshRetryToken(request);
        }

        @Override
        public CompletableFuture<RefreshRetryTokenResponse> refreshRetryTokenAsync(RefreshRetryTokenRequest request) {
            TokenAcquisitionFailedException refused = note(request);
            return refused != null ? CompletableFuture.failedFuture(refused) : delegate.refreshRetryTokenAsync(request);
        }

        @Override
        public RecordSuccessResponse recordSuccess(RecordSuccessRequest request) {
            return delegate.recordSuccess(request);
        }

        @Override
        public int maxAttempts() {
            return delegate.maxAttempts();
        }

        @Override
        public boolean useClientDefaults() {
            return false; // the client's strategy has its defaults already
        }

        @Override
        public RetryStrategy.Builder<?, ?> toBuilder() {
            return delegate.toBuilder();
        }
    }
}
