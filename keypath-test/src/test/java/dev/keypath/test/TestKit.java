package dev.keypath.test;

import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs {@link TestKitFixture} classes through JUnit's test kit. */
final class TestKit {
    private TestKit() {
    }

    /** Runs a fixture class on the Jupiter engine and returns its events. */
    static EngineExecutionResults run(Class<?> fixture) {
        return EngineTestKit.engine("junit-jupiter").configurationParameter(TestKitFixture.PARAMETER, "true")
                .selectors(DiscoverySelectors.selectClass(fixture)).execute();
    }
}
