package dev.keypath.spark;

import dev.keypath.dynamodb.KeyPathTable;
import java.io.Serializable;

/**
 * What a job's tables need besides their name, client and types, applied on every executor to the builder of the
 * table it reads or writes through: a Jackson mapper, extensions, a clock, the version settings. A serializable
 * lambda:
 *
 * <pre>{@code
 * TableSetup setup = builder -> builder.jsonMapper(mapper).upgradeOnWrite(Member.class);
 * }</pre>
 */
@FunctionalInterface
public interface TableSetup extends Serializable {
    /** Nothing beyond the name, client and types. */
    TableSetup NONE = builder -> {
    };

    /** Applies the settings to {@code builder}. */
    void configure(KeyPathTable.Builder builder);
}
