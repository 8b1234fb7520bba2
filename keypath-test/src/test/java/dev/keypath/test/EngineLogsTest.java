package dev.keypath.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB Local's own logging stays out of the test output: with the engine handed out, its request handler logs
 * errors only (its own configuration logs a line per request and a stack trace per failed one), unless asked.
 */
class EngineLogsTest {
    @Test
    void theEngineLogsOnlyItsErrors() {
        assumeTrue(!Boolean.getBoolean(TestDynamoDb.ENGINE_LOGS_PROPERTY), "engine logs were asked for");
        TestDynamoDb.get(EngineChoice.DYNAMODB_LOCAL);
        Logger handler = LogManager.getLogger("software.amazon.dynamodb.services.local.server."
                + "LocalDynamoDBServerHandler");
        assertThat(handler.isWarnEnabled()).isFalse();
        assertThat(handler.isInfoEnabled()).isFalse();
        assertThat(handler.isErrorEnabled()).isTrue();
        assertThat(LogManager.getLogger("org.eclipse.jetty.server.Server").isWarnEnabled()).isFalse();
    }

    @Test
    void thePropertyKeepsTheEngineLevels() {
        String before = System.getProperty(TestDynamoDb.ENGINE_LOGS_PROPERTY);
        System.setProperty(TestDynamoDb.ENGINE_LOGS_PROPERTY, "true");
        try {
            assertThat(EngineLogs.quietUnlessAsked()).isEmpty();
        } finally {
            if (before == null) {
                System.clearProperty(TestDynamoDb.ENGINE_LOGS_PROPERTY);
            } else {
                System.setProperty(TestDynamoDb.ENGINE_LOGS_PROPERTY, before);
            }
        }
        assertThat(EngineLogs.quietUnlessAsked()).contains("log4j:software.amazon.dynamodb.services.local");
    }
}
