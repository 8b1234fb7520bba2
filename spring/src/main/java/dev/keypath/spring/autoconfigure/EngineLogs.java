package dev.keypath.spring.autoconfigure;

import java.util.List;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.Environment;

/**
 * The embedded engine's logging: DynamoDB Local logs a line per request and a warning with a full stack trace
 * for every failed request (each table check at startup, each cancelled transaction), and its Jetty server
 * logs its start. By default only their errors reach the application's log; {@code keypath.dynamodb.engine-logs}
 * keeps their own levels, and an explicit {@code logging.level.<logger>} of the application always wins.
 */
final class EngineLogs {
    /** The engine's loggers and the level they get by default. */
    private static final List<String> LOGGERS = List.of("software.amazon.dynamodb", "org.eclipse.jetty");

    private EngineLogs() {
    }

    static void quietUnlessAsked(boolean engineLogs, Environment environment, ClassLoader classLoader) {
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
