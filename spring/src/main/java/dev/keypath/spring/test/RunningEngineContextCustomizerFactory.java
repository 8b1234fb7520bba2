package dev.keypath.spring.test;

import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.util.ClassUtils;

/**
 * Moves every Spring test context to the engine already running that a test run is given
 * ({@code -Dkeypath.dynamodb.endpoint=…} or {@code AWS_ENDPOINT_URL_DYNAMODB}, as keypath-test's
 * {@code @KeyPathDynamoDb} reads them): registered in {@code META-INF/spring.factories}, so that slices,
 * {@code @SpringBootTest} contexts and any other test context follow it without a line of their own. Without the
 * switch it adds nothing. The engine, its table names and the deletion of left-over tables come from keypath-test;
 * without keypath-test on the test class path, a context that would start its own engine under the switch fails,
 * saying so.
 */
final class RunningEngineContextCustomizerFactory implements ContextCustomizerFactory {
    private static final String TEST_DYNAMODB = "dev.keypath.test.TestDynamoDb";

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
            List<ContextConfigurationAttributes> configAttributes) {
        if (ClassUtils.isPresent(TEST_DYNAMODB, RunningEngineContextCustomizerFactory.class.getClassLoader())) {
            return RunningEngineContextCustomizer.ifTheRunGivesOne();
        }
        return RunningEngineWithoutKeypathTest.ifTheRunGivesOne();
    }
}
