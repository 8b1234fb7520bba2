package dev.keypath.dynamodb.internal.extension;

import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;

/**
 * The version condition of a delete (puts and updates get theirs from {@link VersionExtension}). Pure.
 */
public final class VersionChecks {
    private VersionChecks() {
    }

    /** Condition that the stored item has {@code expected} ({@code 0}: that no item exists). */
    public static Expr expect(String versionAttribute, long expected) {
        if (expected == 0) {
            return Expr.of("attribute_not_exists(#kp_pk)", Map.of("#kp_pk", TableAttributes.PK), Map.of());
        }
        return Expr.of("#kp_ver = :kp_ver", Map.of("#kp_ver", versionAttribute),
                Map.of(":kp_ver", AttributeValues.number(expected)));
    }
}
