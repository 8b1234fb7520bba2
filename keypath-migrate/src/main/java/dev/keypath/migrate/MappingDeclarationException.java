package dev.keypath.migrate;

import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * A migration mapping that cannot be used: a malformed key pattern, a key-path template variable that no pattern
 * captures, an unknown conversion, a JSON file that does not parse or has an unknown field. It names the entity
 * (its declared name, or {@code entities[i]} in a file), the part of the declaration ({@code pk}, {@code sk},
 * {@code keyPath}, a JSON field, ...) and the position: the character index in that part's text, or the line and
 * column of a JSON file.
 */
public final class MappingDeclarationException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String part;
    private final String position;
    private final String reason;

    MappingDeclarationException(String entity, String part, String position, String reason) {
        super(describe(entity, part, position, reason), null);
        this.entity = entity;
        this.part = part;
        this.position = position;
        this.reason = reason;
    }

    static MappingDeclarationException at(String entity, String part, int index, String text, String reason) {
        return new MappingDeclarationException(entity, part, "position " + index + " of \"" + text + "\"", reason);
    }

    private static String describe(String entity, String part, String position, String reason) {
        StringBuilder s = new StringBuilder("Mapping");
        if (entity != null) {
            s.append(" of entity '").append(entity).append("'");
        }
        if (part != null) {
            s.append(", ").append(part);
        }
        if (position != null) {
            s.append(", at ").append(position);
        }
        return s.append(": ").append(reason).toString();
    }

    /** The entity's name, or null when the problem is outside every entity. */
    public String entity() {
        return entity;
    }

    /** The part of the declaration at fault, e.g. {@code sk} or {@code keyPath}; null for the whole file. */
    public String part() {
        return part;
    }

    /** Where in that part, e.g. {@code position 12 of "USER#{id:uuid"}} or {@code line 4, column 9}; may be null. */
    public String position() {
        return position;
    }

    /** What is wrong, without the place. */
    public String reason() {
        return reason;
    }
}
