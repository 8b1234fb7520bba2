package dev.keypath.test;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps DynamoDB Local's logging out of the test output: it logs two lines per request and a warning with a stack
 * trace for every request that fails (each table check, each failed condition), and its Jetty server its start. By
 * default only their errors are logged, through whichever of the two backends its logging reaches — Log4j 2
 * (DynamoDB Local's own) or Logback (a Spring Boot project routes Log4j and SLF4J there) — and a level that the
 * project's Logback configuration sets for these loggers wins. {@code -D}{@value TestDynamoDb#ENGINE_LOGS_PROPERTY}
 * {@code =true} keeps the engine's own levels. Applied each time the engine is handed out, since a logging system
 * that starts later (Spring Boot's) may reset levels.
 */
final class EngineLogs {
    /** The engine's loggers, parents before children. */
    static final List<String> LOGGERS = List.of("software.amazon.dynamodb", "software.amazon.dynamodb.services.local",
            "org.eclipse.jetty");
    private static final String LOG4J_CORE_CONTEXT = "org.apache.logging.log4j.core.LoggerContext";
    private static final String LOGBACK_CONTEXT = "ch.qos.logback.classic.LoggerContext";

    private EngineLogs() {
    }

    /**
     * Sets the engine's loggers to errors only unless the property asks for its own levels; returns the loggers set,
     * each as {@code backend:logger}.
     */
    static List<String> quietUnlessAsked() {
        if (Boolean.getBoolean(TestDynamoDb.ENGINE_LOGS_PROPERTY)) {
            return List.of();
        }
        List<String> set = new ArrayList<>();
        if (activeLog4jContextIs(LOG4J_CORE_CONTEXT)) {
            Log4jCore.quiet(set);
        }
        quietLogback(set);
        return set;
    }

    private static boolean activeLog4jContextIs(String className) {
        try {
            Object context = org.apache.logging.log4j.LogManager.getContext(false);
            return context.getClass().getName().equals(className);
        } catch (LinkageError e) {
            return false;
        }
    }

    /** Log4j 2's own implementation: loaded only when it is the one Log4j's API uses. */
    private static final class Log4jCore {
        static void quiet(List<String> set) {
            for (String logger : LOGGERS) {
                org.apache.logging.log4j.core.config.Configurator.setLevel(logger,
                        org.apache.logging.log4j.Level.ERROR);
                set.add("log4j:" + logger);
            }
        }
    }

    /**
     * Logback behind SLF4J, through reflection: keypath-test does not depend on it. A logger whose level the
     * project's configuration set keeps it; one left to inherit gets {@code ERROR}.
     */
    private static void quietLogback(List<String> set) {
        try {
            ClassLoader loader = EngineLogs.class.getClassLoader();
            Object factory = Class.forName("org.slf4j.LoggerFactory", true, loader)
                    .getMethod("getILoggerFactory").invoke(null);
            if (!factory.getClass().getName().equals(LOGBACK_CONTEXT)) {
                return;
            }
            Class<?> level = Class.forName("ch.qos.logback.classic.Level", true, loader);
            Object error = level.getField("ERROR").get(null);
            Method getLogger = factory.getClass().getMethod("getLogger", String.class);
            for (String name : LOGGERS) {
                Object logger = getLogger.invoke(factory, name);
                Object current = logger.getClass().getMethod("getLevel").invoke(logger);
                if (current == null || current == error) {
                    logger.getClass().getMethod("setLevel", level).invoke(logger, error);
                    set.add("logback:" + name);
                }
            }
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            // no SLF4J, or not Logback behind it: nothing to quiet there
        }
    }
}
