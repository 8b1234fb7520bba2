package dev.keypath.test;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Marks a test class that only {@link TestKit#run} runs, through JUnit's test kit: it fails on purpose, so a build that
 * picks it up by name (Surefire's {@code -Dtest=Outer*}) skips it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(TestKitFixture.OnlyInTheTestKit.class)
@interface TestKitFixture {
    /** The configuration parameter the test kit sets. */
    String PARAMETER = "keypath.test.fixture";

    /** Disables the class unless the test kit runs it. */
    final class OnlyInTheTestKit implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(PARAMETER).isPresent()
                    ? ConditionEvaluationResult.enabled("run by the test kit")
                    : ConditionEvaluationResult.disabled("a fixture of another test, run through JUnit's test kit");
        }
    }
}
