package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item type's entry in the table's layout record ({@link LayoutRecord}): the shard layout its items are stored
 * in, the re-shard under way if one is (the layout it moves to, and once announced the switch: the instant from which
 * the new layout is written and the clock margin around it), and the declared changes of each of its schema
 * versions. Stored as a map attribute: {@code layout} (S), {@code to} (S), {@code switchAt} (N, epoch
 * milliseconds), {@code margin} (N, milliseconds) and {@code versions} (L of S: the changes of version 2, 3, ...).
 * Immutable.
 *
 * @param layout   the stored layout: {@code unsharded}, {@code calculated(4, [eventId])} or {@code random(8)}
 * @param to       the layout a re-shard moves the items to, or null when none runs
 * @param switchAt the epoch millisecond from which the new layout is written, or null before the switch is announced
 * @param margin   the clock margin of the switch, in milliseconds (0 without a switch)
 * @param versions the declared changes of versions 2, 3, ... as text, one element a version
 */
public record LayoutEntry(String layout, String to, Long switchAt, long margin, List<String> versions) {
    static final String LAYOUT = "layout";
    static final String TO = "to";
    static final String SWITCH_AT = "switchAt";
    static final String MARGIN = "margin";
    static final String VERSIONS = "versions";

    public LayoutEntry {
        versions = List.copyOf(versions);
    }

    /** The schema version the entry knows of: one more than its versions' changes. */
    public int version() {
        return versions.size() + 1;
    }

    /** Whether a re-shard is recorded. */
    public boolean resharding() {
        return to != null;
    }

    /** This entry with the re-shard to {@code layout} recorded, not announced. */
    LayoutEntry reshardingTo(String layout) {
        return new LayoutEntry(this.layout, layout, null, 0, versions);
    }

    /** This entry with the switch to its new layout announced for {@code at}, with {@code margin}. */
    public LayoutEntry switchingAt(long at, long margin) {
        return new LayoutEntry(layout, to, at, margin, versions);
    }

    /** This entry once its re-shard has finished: stored in the new layout, no re-shard. */
    public LayoutEntry finished() {
        return new LayoutEntry(to, null, null, 0, versions);
    }

    /** This entry knowing {@code declared} as the changes of versions 2, 3, .... */
    LayoutEntry withVersions(List<String> declared) {
        return new LayoutEntry(layout, to, switchAt, margin, declared);
    }

    /** The entry as its map attribute. */
    public AttributeValue toAttribute() {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put(LAYOUT, AttributeValues.string(layout));
        if (to != null) {
            m.put(TO, AttributeValues.string(to));
        }
        if (switchAt != null) {
            m.put(SWITCH_AT, AttributeValues.number(switchAt));
            m.put(MARGIN, AttributeValues.number(margin));
        }
        List<AttributeValue> v = new ArrayList<>(versions.size());
        versions.forEach(c -> v.add(AttributeValues.string(c)));
        m.put(VERSIONS, AttributeValue.fromL(v));
        return AttributeValue.fromM(m);
    }

    /**
     * The entry a map attribute holds; an {@link IllegalStateException} naming {@code name} when it is not one
     * (another writer changed the record).
     */
    static LayoutEntry of(String name, AttributeValue stored) {
        if (stored.m() == null || !stored.hasM() || stored.m().get(LAYOUT) == null
                || stored.m().get(LAYOUT).s() == null) {
            throw new IllegalStateException("the layout record's entry of " + name + " is not a layout entry: "
                    + stored);
        }
        Map<String, AttributeValue> m = stored.m();
        AttributeValue to = m.get(TO);
        AttributeValue at = m.get(SWITCH_AT);
        AttributeValue margin = m.get(MARGIN);
        List<String> versions = new ArrayList<>();
        AttributeValue v = m.get(VERSIONS);
        if (v != null && v.hasL()) {
            v.l().forEach(c -> versions.add(c.s()));
        }
        return new LayoutEntry(m.get(LAYOUT).s(), to == null ? null : to.s(),
                at == null || at.n() == null ? null : Long.parseLong(at.n()),
                margin == null || margin.n() == null ? 0 : Long.parseLong(margin.n()), versions);
    }
}
