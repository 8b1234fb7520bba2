package dev.keypath.migrate;

import dev.keypath.KeyPath;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A migration's mapping applied to one source item at a time, for a job that reads, groups and writes the items
 * itself (keypath-spark runs a migration so on a cluster): the item a {@link Migration#run()} writes for a source
 * item ({@link #move}), with its {@code _kp_src} marker, and the item a {@link Migration#verify()} expects the target
 * to hold for it ({@link #expected}), read from the source item as it is rather than through the conversion, with
 * the checksums the verification compares. Immutable and thread-safe.
 */
public final class ItemMoves {
    /** The attribute of a moved item's {@code _kp_src} marker. */
    public static final String MARKER_ATTRIBUTE = SourceMarker.ATTRIBUTE;
    private final MigrationMapping mapping;
    private final Tables tables;

    private ItemMoves(MigrationMapping mapping, Tables tables) {
        this.mapping = Objects.requireNonNull(mapping, "mapping");
        this.tables = tables;
    }

    /**
     * The moves from table {@code source} into {@code target}, the target checked as each phase of a
     * {@link Migration} checks it first.
     *
     * @throws TargetTableException when the target is missing or not a key-path table
     */
    public static ItemMoves of(DynamoDbClient client, MigrationMapping mapping, String source, String target) {
        return new ItemMoves(mapping, Tables.check(client, source, target));
    }

    /**
     * The moves from table {@code source} into a target whose secondary indexes have the key attributes
     * {@code targetIndexKeys} (as {@link #targetIndexKeys()} of moves made with a client gives them), without a
     * request: for each worker of a job once the target has been checked.
     */
    public static ItemMoves of(MigrationMapping mapping, String source, Set<String> targetIndexKeys) {
        return new ItemMoves(mapping, new Tables(source, targetIndexKeys));
    }

    /** The source table, whose name is part of every moved item's marker. */
    public String source() {
        return tables.source();
    }

    /** The key attributes of the target's secondary indexes, which a moved item's own attributes must not take. */
    public Set<String> targetIndexKeys() {
        return tables.targetIndexKeys();
    }

    /** The mapping. */
    public MigrationMapping mapping() {
        return mapping;
    }

    /** What a run makes of {@code sourceItem}: the item it writes (marker included), or why it stays behind. */
    public Move move(Map<String, AttributeValue> sourceItem) {
        ItemOutcome outcome = mapping.map(sourceItem, tables);
        if (outcome instanceof ItemOutcome.Mapped m) {
            return new Move(Kind.MOVES, m.entity().name(), m.sourceKey(), m.keyPath(), m.item(),
                    m.item().get(SourceMarker.ATTRIBUTE), null);
        }
        if (outcome instanceof ItemOutcome.Invalid i) {
            return new Move(Kind.CANNOT_MOVE, i.entity().name(), i.sourceKey(), null, null, null, i.reason());
        }
        ItemOutcome.Unmatched u = (ItemOutcome.Unmatched) outcome;
        return new Move(Kind.UNMATCHED, null, u.sourceKey(), null, null, null, u.reason());
    }

    /**
     * What a verification expects the target to hold for {@code sourceItem}, read from it as it is (the key path's
     * keys, the entity's type, every attribute but the old keys and the dropped ones under its new name), not through
     * the conversion {@link #move} makes; the item carries no marker, {@link Move#marker()} names the one it is
     * written with.
     */
    public Move expected(Map<String, AttributeValue> sourceItem) {
        SourceReading.Reading reading = SourceReading.read(mapping, tables, sourceItem);
        if (reading instanceof SourceReading.Expected e) {
            return new Move(Kind.MOVES, mapping.match(sourceItem).entity().name(), e.sourceKey(), e.keyPath(),
                    e.item(), e.marker(), null);
        }
        if (reading instanceof SourceReading.CannotMove c) {
            return new Move(Kind.CANNOT_MOVE, mapping.match(sourceItem).entity().name(), c.sourceKey(), null, null,
                    null, c.reason());
        }
        MigrationMapping.Match m = mapping.match(sourceItem);
        return new Move(Kind.UNMATCHED, null, m.sourceKey(), null, null, null, m.unmatched());
    }

    /**
     * The checksum a verification keeps of a target item as stored: a digest of its attributes in any order, numbers
     * by value, with its {@code _kp_src} marker mixed in when it has one. It equals {@link Move#contentChecksum()}
     * or {@link Move#writtenChecksum()} of the expected item it holds.
     */
    public static long storedChecksum(Map<String, AttributeValue> targetItem) {
        return ItemChecksum.stored(targetItem);
    }

    /** What a mapping makes of a source item. */
    public enum Kind {
        /** The item moves to {@link Move#keyPath()}. */
        MOVES,
        /** No entity's patterns match the item's keys: it stays behind. */
        UNMATCHED,
        /** An entity matches, but the item cannot move ({@link Move#reason()}). */
        CANNOT_MOVE
    }

    /**
     * One source item's move. Immutable.
     *
     * @param kind      what the mapping makes of it
     * @param entity    the entity whose patterns match, or null when none does
     * @param sourceKey the source item's keys as reports show them, e.g. {@code PK=USER#7 SK=POST#0042}
     * @param keyPath   the key path it moves to; null unless it moves
     * @param item      the item written (by {@link #move}) or expected (by {@link #expected}); null unless it moves
     * @param marker    the {@code _kp_src} marker it is written with; null unless it moves
     * @param reason    why it stays behind; null when it moves
     */
    public record Move(Kind kind, String entity, String sourceKey, KeyPath keyPath, Map<String, AttributeValue> item,
                       AttributeValue marker, String reason) {
        /** The digest of the item's attributes other than the marker (see {@link #storedChecksum}). */
        public long contentChecksum() {
            return ItemChecksum.of(item);
        }

        /** The digest of the item as a run writes it, its marker mixed in (see {@link #storedChecksum}). */
        public long writtenChecksum() {
            return ItemChecksum.withMarker(ItemChecksum.of(item), marker);
        }
    }
}
