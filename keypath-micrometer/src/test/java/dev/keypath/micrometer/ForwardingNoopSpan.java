package dev.keypath.micrometer;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import java.util.concurrent.TimeUnit;

/** A span that does nothing, as {@link Span#NOOP}, for a test to override the calls it watches. */
class ForwardingNoopSpan implements Span {
    @Override
    public boolean isNoop() {
        return true;
    }

    @Override
    public TraceContext context() {
        return Span.NOOP.context();
    }

    @Override
    public Span start() {
        return this;
    }

    @Override
    public Span name(String name) {
        return this;
    }

    @Override
    public Span event(String value) {
        return this;
    }

    @Override
    public Span event(String value, long time, TimeUnit timeUnit) {
        return this;
    }

    @Override
    public Span tag(String key, String value) {
        return this;
    }

    @Override
    public Span error(Throwable throwable) {
        return this;
    }

    @Override
    public void end() {
    }

    @Override
    public void end(long time, TimeUnit timeUnit) {
    }

    @Override
    public void abandon() {
    }

    @Override
    public Span remoteServiceName(String remoteServiceName) {
        return this;
    }

    @Override
    public Span remoteIpAndPort(String ip, int port) {
        return this;
    }
}
