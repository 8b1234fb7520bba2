package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.annotation.IndexProjection;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One secondary index of the table as the registered types declare it together: its name, global or local, its
 * projection and, for {@link IndexProjection#INCLUDE}, every attribute some type includes. Immutable.
 *
 * @param name       the index name
 * @param local      true for a local secondary index (key {@code pk} / {@code <name>_sk})
 * @param projection what the index holds besides keys
 * @param include    the included attributes (INCLUDE only), in first-declared order
 */
public record IndexDefinition(String name, boolean local, IndexProjection projection, List<String> include) {
    public IndexDefinition {
        include = List.copyOf(include);
    }

    /** The definition one type's secondary key gives. */
    public static IndexDefinition of(DefaultItemSchema.SecondaryKey key) {
        return new IndexDefinition(key.index(), key.local(), key.projection(), key.include());
    }

    /** The partition key attribute of the index: {@code pk} for a local index. */
    public String pkAttribute() {
        return local ? TableAttributes.PK : TableAttributes.gsiPk(name);
    }

    /** The sort key attribute of the index. */
    public String skAttribute() {
        return TableAttributes.gsiSk(name);
    }

    /** Whether a query of the index returns whole items (projection ALL). */
    public boolean holdsWholeItems() {
        return projection == IndexProjection.ALL;
    }

    /**
     * Whether every entry of the index holds each of {@code attributes} (non-key attributes, by stored name) whenever
     * its item does: any for ALL, those it includes for INCLUDE, none for KEYS_ONLY.
     */
    public boolean holdsAll(Collection<String> attributes) {
        return switch (projection) {
            case ALL -> true;
            case INCLUDE -> include.containsAll(attributes);
            case KEYS_ONLY -> attributes.isEmpty();
        };
    }

    /**
     * The non-key attributes DynamoDB is asked to project for KEYS_ONLY and INCLUDE: the type and TTL attributes
     * keypath reads to tell types apart and to leave out expired items, then the included ones. Empty for ALL.
     */
    public List<String> nonKeyAttributes() {
        if (projection == IndexProjection.ALL) {
            return List.of();
        }
        Set<String> all = new LinkedHashSet<>(List.of(TableAttributes.TYPE, TableAttributes.TTL));
        all.addAll(include);
        return new ArrayList<>(all);
    }

    /**
     * This definition joined with another type's declaration of the same index: local and projection must agree,
     * and included attributes add up.
     */
    public IndexDefinition merge(IndexDefinition other, String otherType) {
        if (local != other.local || projection != other.projection) {
            throw new ItemMappingException("Index '" + name + "' is declared as " + describe() + " by one type and as "
                    + other.describe() + " by " + otherType + "; every type must declare an index the same way");
        }
        Set<String> union = new LinkedHashSet<>(include);
        union.addAll(other.include);
        return new IndexDefinition(name, local, projection, new ArrayList<>(union));
    }

    /** E.g. {@code global KEYS_ONLY}. */
    public String describe() {
        return (local ? "local " : "global ") + projection;
    }
}
