package dev.keypath.test.model;

import dev.keypath.dynamodb.Condition;
import java.util.Map;

/**
 * A caller's condition on the item a write targets: none, "this attribute is absent" or "this attribute equals
 * this text", on the attributes {@link Kind} names. The model evaluates it on the item as it should be stored.
 */
enum Cond {
    NONE, ABSENT, EQUALS;

    /** The value the {@link #EQUALS} condition compares with. */
    static final String VALUE = "ann";

    Condition condition(Kind kind) {
        return switch (this) {
            case NONE -> null;
            case ABSENT -> Condition.of("attribute_not_exists(#m_a)", Map.of("#m_a", kind.absentAttribute), Map.of());
            case EQUALS -> Condition.of("#m_e = :m_e", Map.of("#m_e", kind.equalsAttribute), Map.of(":m_e", VALUE));
        };
    }

    /** Whether the condition holds for {@code doc}, the live item (null when there is none). */
    boolean holds(Kind kind, Map<String, Object> doc) {
        return switch (this) {
            case NONE -> true;
            case ABSENT -> doc == null || !doc.containsKey(kind.absentAttribute);
            case EQUALS -> doc != null && VALUE.equals(doc.get(kind.equalsAttribute));
        };
    }
}
