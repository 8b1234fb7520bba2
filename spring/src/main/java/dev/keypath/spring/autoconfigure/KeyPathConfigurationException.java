package dev.keypath.spring.autoconfigure;

/**
 * keypath's auto-configuration cannot start with the application's settings: what is wrong, naming the property or
 * bean, and what to do. Spring Boot reports it at startup as a failure analysis
 * ({@link KeyPathConfigurationFailureAnalyzer}). Immutable.
 */
final class KeyPathConfigurationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final String description;
    private final String action;

    KeyPathConfigurationException(String description, String action) {
        this(description, action, null);
    }

    KeyPathConfigurationException(String description, String action, Throwable cause) {
        super(description + ": " + action, cause);
        this.action = action;
        this.description = description;
    }

    /** What is wrong, naming the setting. */
    String description() {
        return description;
    }

    /** What to do about it. */
    String action() {
        return action;
    }
}
