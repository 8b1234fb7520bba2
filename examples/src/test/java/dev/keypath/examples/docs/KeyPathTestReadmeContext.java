package dev.keypath.examples.docs;

import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/** What keypath-test/README.md's snippets presume: the main README's types and values, and a throttling fault. */
@SuppressWarnings("unused")
class KeyPathTestReadmeContext extends ReadmeContext {
    /** An SDK interceptor that fakes throttling (keypath's own tests have a complete one, FaultInjector). */
    static class Throttler implements ExecutionInterceptor {
    }

}
