package dev.keypath.test.snapshot;

import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The differences from a snapshot to the code that no declared change explains, sorted into those a written snapshot
 * may record and those it must not: a change that would make items stored before read otherwise than they were
 * written (a field removed or renamed, retyped, added without a value for older items, a type renamed, a version
 * lowered, a declaration that does not fit the snapshot), each named with the declaration that makes it legal. What
 * a written snapshot may record: a field added that may be absent, a field that may now be absent, and whatever only
 * a written snapshot explains (types, indexes, roles) or a key migration leaves to be written again once the items
 * moved. Immutable.
 */
final class UndeclaredChanges {
    private final List<String> incompatible;

    private UndeclaredChanges(List<String> incompatible) {
        this.incompatible = List.copyOf(incompatible);
    }

    /**
     * The undeclared changes among {@code refused} (what nothing explains) and {@code unshown} (declarations the
     * snapshot does not show), from {@code snapshot} to {@code code}; {@code renamedFrom} gives the snapshot's name
     * of each renamed type.
     */
    static UndeclaredChanges of(TableDescription snapshot, TableDescription code, List<SchemaChange> refused,
                                List<String> unshown, Map<String, String> renamedFrom) {
        List<String> out = new ArrayList<>();
        for (SchemaChange c : refused) {
            String before = renamedFrom.getOrDefault(c.type(), c.type());
            int snapshotVersion = snapshot.type(before).map(TypeDescription::schemaVersion).orElse(1);
            int codeVersion = code.type(c.type()).map(TypeDescription::schemaVersion).orElse(1);
            String where = " in the @SchemaHistory of " + c.type() + " for version " + Math.max(codeVersion,
                    snapshotVersion + 1) + (codeVersion > snapshotVersion ? ""
                    : " (@ItemType(version = " + (snapshotVersion + 1) + "))");
            String sentence = sentence(c, refused, snapshotVersion, where);
            if (sentence != null) {
                out.add(sentence);
            }
        }
        for (String u : unshown) {
            out.add(u + ": correct the @SchemaHistory so that it declares what the snapshot shows");
        }
        return new UndeclaredChanges(out);
    }

    /** Each change a written snapshot must not record, in a sentence with the declaration that makes it legal. */
    List<String> incompatible() {
        return incompatible;
    }

    /** Whether a written snapshot may record every undeclared change. */
    boolean recordable() {
        return incompatible.isEmpty();
    }

    /** What declares {@code c}, or null when a written snapshot may record it as it is. */
    private static String sentence(SchemaChange c, List<SchemaChange> refused, int snapshotVersion, String where) {
        String path = c.subject();
        String top = DeclaredChanges.top(path);
        boolean nested = !path.equals(top);
        String ofTop = "declare retyped(\"" + top + "\", upgrade) with an upgrade that turns the stored value of "
                + top + " into the new form" + where + " (a declared change names top-level fields)";
        return switch (c.kind()) {
            case FIELD_ADDED -> {
                if (c.after().endsWith("?")) {
                    yield null; // older items read it as absent, which the field may be
                }
                yield c.describe() + ": items stored before hold no " + path + ", and it may not be absent; "
                        + (nested ? ofTop : "declare added(\"" + path + "\", defaultValue)" + where
                        + " with the value they read");
            }
            case FIELD_RETYPED -> {
                if (c.after().equals(c.before() + "?")) {
                    yield null; // it may now be absent: every stored value still fits
                }
                yield c.describe() + ": items stored before hold the former kind of value; "
                        + (nested ? ofTop : "declare retyped(\"" + path + "\", upgrade)" + where
                        + " with an upgrade that converts the stored value");
            }
            case FIELD_REMOVED -> nested ? c.describe() + ": items stored before still hold it; " + ofTop
                    : removed(c, refused, where);
            case TYPE_RENAMED -> c.describe() + ": items stored before keep _type '" + path + "'; declare typeRenamed(\""
                    + path + "\", \"" + c.type() + "\")" + where;
            case VERSION_LOWERED -> c.describe() + ": items stored at version " + snapshotVersion + " would be "
                    + "unreadable by this code; keep version " + snapshotVersion + " and declare further changes for "
                    + "versions above it";
            default -> null;
        };
    }

    /** A top-level field removed: a rename when a field holding the same kind of value was added, else a removal. */
    private static String removed(SchemaChange c, List<SchemaChange> refused, String where) {
        String field = c.subject();
        String kind = bare(c.before());
        for (SchemaChange other : refused) {
            String added = other.subject();
            if (other.kind() == SchemaChange.Kind.FIELD_ADDED && other.type().equals(c.type())
                    && added.equals(DeclaredChanges.top(added)) && bare(other.after()).equals(kind)) {
                return c.describe() + " and field " + added + " added (" + other.after() + ") with the same kind of "
                        + "value: if " + added + " is " + field + " renamed, declare renamed(\"" + field + "\", \""
                        + added + "\")" + where + ", or items stored before would read " + added + " as null; if "
                        + field + "'s values are to be dropped, declare removed(\"" + field + "\")";
            }
        }
        return c.describe() + ": items stored before still hold it; declare removed(\"" + field + "\")" + where
                + " to drop their values, or renamed(\"" + field + "\", newName) if another field now holds them";
    }

    /** A field's kind of value without the mark of a field that may be absent. */
    private static String bare(String type) {
        return type.endsWith("?") ? type.substring(0, type.length() - 1) : type;
    }
}
