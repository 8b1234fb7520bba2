package dev.keypath.spring.repository;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A repository, or one of its query methods, that keypath cannot turn into key-path queries, found when the
 * repository is created (so at startup): the message names the repository and method, why, and what to do instead.
 * Spring Boot reports it at startup as a failure analysis. Immutable.
 */
public class InvalidQueryMethodException extends InvalidDataAccessApiUsageException {
    private static final long serialVersionUID = 1L;
    private final String method;
    private final String reason;

    /**
     * @param method the repository and method, e.g. {@code PostRepository.findByTitle}, or the repository alone
     * @param reason why, with the fix
     * @param cause  what was found wrong first, or {@code null}
     */
    public InvalidQueryMethodException(String method, String reason, Throwable cause) {
        super(method + ": " + reason, cause);
        this.method = method;
        this.reason = reason;
    }

    /** The repository and method ({@code PostRepository.findByTitle}), or the repository alone. */
    public String method() {
        return method;
    }

    /** Why the method cannot be a key-path query, and what to do instead. */
    public String reason() {
        return reason;
    }
}
