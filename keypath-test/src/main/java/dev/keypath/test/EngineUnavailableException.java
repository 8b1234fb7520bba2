package dev.keypath.test;

/**
 * The engine a test asked for cannot run here: LocalStack without a Docker engine that answers, or without
 * Testcontainers on the classpath. The message names what is missing and how to choose another engine.
 */
public final class EngineUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    EngineUnavailableException(String message) {
        super(message);
    }

    EngineUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
