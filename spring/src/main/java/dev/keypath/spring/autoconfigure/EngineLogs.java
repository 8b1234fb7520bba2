package dev.keypath.spring.autoconfigure;

import java.util.List;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.Environment;

/**
 * The embedded engine's logging: DynamoDB Local logs a line per request and a warning with a full stack trace
 * for every failed request (each table check at startup, each cancelled transaction), and its Jetty server
 * logs its start. By default only their errors reach the application's log; {@code keypath.dynamodb.engine-logs}
 * keeps their own levels, and an explicit {@code logging.level.<logger>} of the application always wins. Used by
 * the embedded engine of the auto-configuration and by {@link dev.keypath.spring.test.KeyPathDevelopmentEngine}.
 */
public final class EngineLogs {
    /** The engine's loggers and the level they get by default. */
    private static final List<String> LOGGERS = List.of("software.amazon.dynamodb", "org.eclipse.jetty");

    private EngineLogs() {
    }

    /**
     * Sets the engine's loggers to errors only, unless {@code engineLogs} or the application sets their levels.
     *
     * @param engineLogs  {@code keypath.dynamodb.engine-logs}: keep the engine's own levels
     * @param environment where {@code logging.level.*} of the application are looked up
     * @param classLoader the application's, to find its logging system
     */
    public static void quietUnlessAsked(boolean engineLogs, Environment environment, ClassLoader classLoader) {
        if (engineLogs) {
            return;
        }
        LoggingSystem logging = LoggingSystem.get(classLoader);
        for (String logger : LOGGERS) {
            if (!environment.containsProperty("logging.level." + logger)) {
                logging.setLogLevel(logger, LogLevel.ERROR);
            }
        }
    }
}
