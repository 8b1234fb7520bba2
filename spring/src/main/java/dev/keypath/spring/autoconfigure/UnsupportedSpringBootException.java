package dev.keypath.spring.autoconfigure;

/**
 * The application runs on a Spring Boot older than keypath needs. {@link #found()} and {@link #needed()} name both
 * versions; reported at startup by Spring Boot's failure analysis.
 */
public class UnsupportedSpringBootException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String found;
    private final String needed;

    /** Creates the exception for the Spring Boot version {@code found}, below {@code needed}. */
    public UnsupportedSpringBootException(String found, String needed) {
        super("keypath needs Spring Boot " + needed + " or later; this application runs on Spring Boot " + found);
        this.found = found;
        this.needed = needed;
    }

    /** The version the application runs on. */
    public String found() {
        return found;
    }

    /** The oldest version keypath runs on. */
    public String needed() {
        return needed;
    }
}
