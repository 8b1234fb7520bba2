package dev.keypath.migrate;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What a run would do, found by a dry run that reads the whole source and writes nothing: the items per entity,
 * those no entity matches and those that cannot move (with examples), collisions (two source items that would
 * become one key path, so one would overwrite the other), how the keys' sizes change, and the capacity a run
 * needs. Immutable.
 *
 * @param scanned           source items read
 * @param entities          per entity, in declaration order
 * @param unmatched         items no entity matched
 * @param unmatchedExamples some of them, each {@code key: reason}
 * @param invalidExamples   some items an entity matched that cannot move, each {@code key: reason}
 * @param collisions        source items whose key path another source item already had
 * @param collisionExamples some of them
 * @param readUnits         read capacity this plan's scan consumed: what a run's scan will consume
 * @param elapsed           how long the plan took
 */
public record MigrationPlan(long scanned, List<EntityPlan> entities, long unmatched, List<String> unmatchedExamples,
                            List<String> invalidExamples, long collisions, List<Collision> collisionExamples,
                            double readUnits, Duration elapsed) {
    /** Copies the lists. */
    public MigrationPlan {
        entities = List.copyOf(entities);
        unmatchedExamples = List.copyOf(unmatchedExamples);
        invalidExamples = List.copyOf(invalidExamples);
        collisionExamples = List.copyOf(collisionExamples);
    }

    /**
     * One entity's share.
     *
     * @param entity          the entity's name
     * @param items           items that would move
     * @param invalid         items whose keys have the entity's shape but cannot move
     * @param sourceKeyBytes  the old keys' bytes (UTF-8 of both strings) of the items that would move
     * @param targetKeyBytes  the new keys' bytes ({@code pk} + {@code sk})
     * @param sourceItemBytes the old items' sizes
     * @param targetItemBytes the new items' sizes
     * @param writeUnits      write capacity units their puts need (one per KB started, per item)
     */
    public record EntityPlan(String entity, long items, long invalid, long sourceKeyBytes, long targetKeyBytes,
                             long sourceItemBytes, long targetItemBytes, long writeUnits) {
    }

    /**
     * Two source items that map to one key path.
     *
     * @param keyPath the key path
     * @param first   the key of the item seen first
     * @param second  the key of the item seen later
     */
    public record Collision(String keyPath, String first, String second) {
    }

    /** Items that would move, over all entities. */
    public long mapped() {
        return entities.stream().mapToLong(EntityPlan::items).sum();
    }

    /** Items that cannot move, over all entities. */
    public long invalid() {
        return entities.stream().mapToLong(EntityPlan::invalid).sum();
    }

    /** Write capacity units the run's puts need, over all entities. */
    public long writeUnits() {
        return entities.stream().mapToLong(EntityPlan::writeUnits).sum();
    }

    /** Whether every item moves, and to a key path of its own. */
    public boolean clean() {
        return unmatched == 0 && invalid() == 0 && collisions == 0;
    }

    /**
     * How long a run takes at least under these budgets (units per second; 0 for none): the scan's reads and the
     * puts' writes each at their budget, whichever takes longer. Zero when neither is limited.
     */
    public Duration minimumRunTime(double readCapacity, double writeCapacity) {
        double seconds = Math.max(readCapacity > 0 ? readUnits / readCapacity : 0,
                writeCapacity > 0 ? writeUnits() / writeCapacity : 0);
        return Duration.ofMillis((long) Math.ceil(seconds * 1000));
    }

    /** The plan as text, one fact a line. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "scanned %d source items in %.1f s, %.1f RCU%n", scanned,
                elapsed.toMillis() / 1000.0, readUnits));
        s.append(String.format(Locale.ROOT, "%-16s %10s %8s %14s %14s %12s%n", "entity", "items", "invalid",
                "key bytes old", "key bytes new", "WCU"));
        long oldKeys = 0;
        long newKeys = 0;
        for (EntityPlan e : entities) {
            s.append(String.format(Locale.ROOT, "%-16s %10d %8d %14d %14d %12d%n", e.entity(), e.items(), e.invalid(),
                    e.sourceKeyBytes(), e.targetKeyBytes(), e.writeUnits()));
            oldKeys += e.sourceKeyBytes();
            newKeys += e.targetKeyBytes();
        }
        s.append(String.format(Locale.ROOT, "%-16s %10d %8d %14d %14d %12d%n", "total", mapped(), invalid(), oldKeys,
                newKeys, writeUnits()));
        if (mapped() > 0) {
            s.append(String.format(Locale.ROOT, "key size per item: %.1f -> %.1f bytes (%+.1f%%)%n",
                    oldKeys / (double) mapped(), newKeys / (double) mapped(),
                    oldKeys == 0 ? 0 : (newKeys - oldKeys) * 100.0 / oldKeys));
        }
        s.append("unmatched: ").append(unmatched).append(System.lineSeparator());
        unmatchedExamples.forEach(x -> s.append("  ").append(x).append(System.lineSeparator()));
        s.append("invalid: ").append(invalid()).append(System.lineSeparator());
        invalidExamples.forEach(x -> s.append("  ").append(x).append(System.lineSeparator()));
        s.append("collisions: ").append(collisions).append(System.lineSeparator());
        collisionExamples.forEach(c -> s.append("  ").append(c.keyPath()).append(" <- ").append(c.first())
                .append(" and ").append(c.second()).append(System.lineSeparator()));
        s.append(String.format(Locale.ROOT, "capacity: %.1f RCU to scan, %d WCU to write%n", readUnits, writeUnits()));
        return s.toString();
    }
}
