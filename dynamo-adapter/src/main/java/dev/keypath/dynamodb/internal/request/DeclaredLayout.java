package dev.keypath.dynamodb.internal.request;

import dev.keypath.ShardSpec;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.SchemaChange;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ShardRule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one registered item type declares of its stored layout, as the table's layout record compares it: its shard
 * layout (the one a declared re-shard moves to), the layout a re-shard moves from ({@code formerCount}), and the
 * declared changes of each schema version; and the judgement of that declaration against the type's entry in the
 * record ({@link #judge}). Immutable.
 *
 * @param type        the registered class
 * @param name        the type's name in the record: its first stored name (a renamed type keeps its entry)
 * @param layout      the declared layout, as {@link ShardRule#layoutName()} names it
 * @param former      the layout a declared re-shard moves from, or null when none is declared
 * @param versions    the declared changes of versions 2, 3, ..., as text
 * @param declaration the declaration as written, for messages ({@code @Sharded(count = 16, by = "eventId")})
 */
public record DeclaredLayout(Class<?> type, String name, String layout, String former, List<String> versions,
                             String declaration) {
    /** Where a user reads the steps of a change of layout. */
    static final String STEPS = "docs/HOT-PARTITIONS.md, \"Changing N\"";
    private static final Pattern COUNT = Pattern.compile("\\((\\d+)");

    public DeclaredLayout {
        versions = List.copyOf(versions);
    }

    /** What {@code schema}'s type declares. */
    public static DeclaredLayout of(DefaultItemSchema<?> schema) {
        List<String> names = new ArrayList<>(schema.storedTypeNames());
        String name = names.get(names.size() - 1); // the first name the type had: former names come after the current
        List<String> versions = new ArrayList<>();
        for (ItemHistory.Step step : schema.history().steps()) {
            versions.add(changes(step.changes()));
        }
        return new DeclaredLayout(schema.type(), name, schema.layoutName(), schema.formerLayoutName(), versions,
                annotation(schema.shards()));
    }

    /** The declared changes of one version as text: each change's kind, names and added value, in order. */
    static String changes(List<SchemaChange> changes) {
        List<String> parts = new ArrayList<>(changes.size());
        for (SchemaChange c : changes) {
            parts.add(c.kind() + " " + c.from() + " -> " + c.to() + c.defaultValue().map(v -> " = " + text(v))
                    .orElse("") + (c.reversible() ? "" : " irreversible"));
        }
        return String.join("; ", parts);
    }

    /** A stored value as text that does not depend on the SDK's {@code toString}. */
    private static String text(AttributeValue v) {
        if (v.s() != null) {
            return "S:" + v.s();
        }
        if (v.n() != null) {
            return "N:" + v.n();
        }
        if (v.bool() != null) {
            return "BOOL:" + v.bool();
        }
        if (Boolean.TRUE.equals(v.nul())) {
            return "NULL";
        }
        if (v.b() != null) {
            return "B:" + Base64.getEncoder().encodeToString(v.b().asByteArrayUnsafe());
        }
        return v.type() + ":" + v;
    }

    /** The declaration as written. */
    static String annotation(ShardRule rule) {
        if (rule == null) {
            return "no @Sharded";
        }
        return "@Sharded(" + arguments(rule.spec(), rule.count())
                + (rule.resharding() ? ", formerCount = " + rule.former().count() : "") + ")";
    }

    private static String arguments(ShardSpec spec, int count) {
        return "count = " + count + (spec.choice() == ShardSpec.Choice.RANDOM ? ", random = true"
                : ", by = " + quoted(spec.idNames()));
    }

    private static String quoted(List<String> names) {
        List<String> q = names.stream().map(n -> "\"" + n + "\"").toList();
        return q.size() == 1 ? q.get(0) : "{" + String.join(", ", q) + "}";
    }

    /** The shard count a layout's name says: 1 for {@value ShardRule#UNSHARDED}. */
    static int countOf(String layout) {
        Matcher m = COUNT.matcher(layout);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }

    /** This declaration judged against the record's entry of the type. */
    public record Judgement(LayoutState state, LayoutEntry write) {
    }

    /**
     * This declaration against {@code stored}, the record's entry of the type (null: none yet), at epoch millisecond
     * {@code now}: how the type writes, or why it is refused, and the entry to record when it changes.
     */
    public Judgement judge(LayoutEntry stored, long now) {
        if (stored == null) {
            // A type the record does not know yet. A declared re-shard is recorded as switched at once: a build from
            // before the record wrote the new layout under it, so the new layout holds the newest copies.
            LayoutEntry created = former == null ? new LayoutEntry(layout, null, null, 0, versions)
                    : new LayoutEntry(former, layout, now, 0, versions);
            return new Judgement(state(created), created);
        }
        String versionProblem = versionProblem(stored);
        if (versionProblem != null) {
            return refused(versionProblem);
        }
        LayoutEntry known = versions.size() > stored.versions().size() ? stored.withVersions(versions) : stored;
        LayoutEntry written;
        if (!stored.resharding()) {
            if (former == null) {
                return layout.equals(stored.layout()) ? judged(known, stored)
                        : refused(plainAgainst(stored.layout()));
            }
            if (former.equals(stored.layout())) {
                written = known.reshardingTo(layout); // the first instance that declares the re-shard records it
            } else if (layout.equals(stored.layout())) {
                return new Judgement(LayoutState.switched(type, name, former, layout), write(known, stored));
            } else {
                return refused(name + " is stored as " + stored.layout() + ", but " + type.getName() + " declares "
                        + declaration + ", a re-shard from " + former + ": formerCount must name the stored layout ("
                        + formerCountOf(stored.layout()) + "); see " + STEPS);
            }
            return judged(written, stored);
        }
        if (former == null) {
            if (layout.equals(stored.layout())) {
                if (stored.switchAt() == null) {
                    return judged(known, stored);
                }
                return refused(name + " is being re-sharded from " + stored.layout() + " to " + stored.to()
                        + ", and the switch to " + stored.to() + " is announced (the table writes it from "
                        + Instant.ofEpochMilli(stored.switchAt()) + "), but " + type.getName()
                        + " declares " + declaration + ", which writes " + stored.layout() + " only: its writes would "
                        + "be lost; deploy the declaration of the re-shard, with " + formerCountOf(stored.layout())
                        + ", to every instance (" + STEPS + ")");
            }
            if (layout.equals(stored.to())) {
                return refused(name + " is being re-sharded from " + stored.layout() + " to " + stored.to() + " and "
                        + "the re-shard has not finished, but " + type.getName() + " declares " + declaration
                        + ", which does not read the items still in " + stored.layout() + ": keep "
                        + formerCountOf(stored.layout()) + " until `keypath migrate reshard` has finished (" + STEPS
                        + ")");
            }
            return refused(name + " is being re-sharded from " + stored.layout() + " to " + stored.to() + ", but "
                    + type.getName() + " declares " + declaration + " (" + layout + "): declare the re-shard "
                    + "recorded in the table (" + STEPS + ")");
        }
        if (former.equals(stored.layout()) && layout.equals(stored.to())) {
            return judged(known, stored);
        }
        return refused(name + " is being re-sharded from " + stored.layout() + " to " + stored.to() + " (recorded "
                + "in the table), but " + type.getName() + " declares " + declaration + ", a re-shard from " + former
                + " to " + layout + ": finish the recorded re-shard first (" + STEPS + ")");
    }

    /** The state {@code entry} gives this declaration, recording {@code entry} when it differs from {@code stored}. */
    private Judgement judged(LayoutEntry entry, LayoutEntry stored) {
        return new Judgement(state(entry), write(entry, stored));
    }

    private static LayoutEntry write(LayoutEntry entry, LayoutEntry stored) {
        return entry.equals(stored) ? null : entry;
    }

    private LayoutState state(LayoutEntry entry) {
        if (former == null) {
            return LayoutState.own(type, name);
        }
        if (layout.equals(entry.layout())) {
            return LayoutState.switched(type, name, former, layout);
        }
        return LayoutState.resharding(type, name, former, layout, entry.switchAt(), entry.margin());
    }

    private Judgement refused(String why) {
        return new Judgement(LayoutState.refused(type, name, why), null);
    }

    /** Why a declaration of {@code stored}'s layout stored as it is cannot start, for a declaration without re-shard. */
    private String plainAgainst(String stored) {
        String head = name + " is stored as " + stored + " (recorded in the table), but " + type.getName()
                + " declares " + declaration + " (" + layout + "): ";
        if (ShardRule.UNSHARDED.equals(stored)) {
            return head + "@Sharded was added, and the items stored unsharded would not be found; declare the re-shard "
                    + "from one partition with formerCount = 1 (" + withFormer(stored) + "), deploy it to every "
                    + "instance, run `keypath migrate reshard`, then remove formerCount (" + STEPS + ")";
        }
        if (ShardRule.UNSHARDED.equals(layout)) {
            return head + "@Sharded was removed, and the items stored in shards would not be found; moving them back "
                    + "to one partition is not supported: keep @Sharded as stored";
        }
        if (sameChoice(stored, layout)) {
            return head + "the shard count changed without formerCount, so the items in the stored shards would "
                    + "not be found; declare " + withFormer(stored) + ", deploy it to every instance, run `keypath "
                    + "migrate reshard`, then remove formerCount (" + STEPS + ")";
        }
        return head + "the way the shard is chosen changed, which a re-shard cannot move items across; keep the "
                + "stored declaration";
    }

    /** This declaration with the formerCount of the stored layout {@code stored}. */
    private String withFormer(String stored) {
        return declaration.endsWith(")") ? declaration.substring(0, declaration.length() - 1) + ", "
                + formerCountOf(stored) + ")" : declaration;
    }

    private static String formerCountOf(String stored) {
        return "formerCount = " + countOf(stored);
    }

    /** Whether two sharded layouts choose their shard the same way (the same ids, or both random). */
    private static boolean sameChoice(String a, String b) {
        return a.replaceAll("\\(\\d+", "(").equals(b.replaceAll("\\(\\d+", "("));
    }

    /**
     * Why the declared versions contradict {@code stored}'s, or null: a version both know must declare the same
     * changes.
     */
    private String versionProblem(LayoutEntry stored) {
        int both = Math.min(versions.size(), stored.versions().size());
        for (int i = 0; i < both; i++) {
            if (!versions.get(i).equals(stored.versions().get(i))) {
                return name + " version " + (i + 2) + " is recorded in the table with the changes [" + stored.versions()
                        .get(i) + "], but " + type.getName() + " declares version " + (i + 2) + " with [" + versions
                        .get(i) + "]: items written at version " + (i + 2) + " by either declaration would be read "
                        + "wrongly by the other; a version's changes cannot change once deployed: declare the new "
                        + "changes as version " + (Math.max(versions.size(), stored.versions().size()) + 2)
                        + " (docs/EVOLVING.md)";
            }
        }
        return null;
    }
}
