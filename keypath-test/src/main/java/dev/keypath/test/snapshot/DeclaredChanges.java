package dev.keypath.test.snapshot;

import dev.keypath.dynamodb.ChangeDescription;
import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.TypeDescription;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The changes one type's history declares between the version a snapshot holds and the version the code is at,
 * matched against the differences between the two: which differences a declared change explains, and which
 * declared changes the snapshot does not show. Works on stored top-level field names: walking the declared changes
 * back from the code's fields gives the fields the history says the snapshot's version had. Immutable.
 *
 * <ul>
 *   <li>a field added is explained when the history says the snapshot's version did not have it (added, the new
 *       name of a rename, a field split into or merged into);</li>
 *   <li>a field removed, when the history says the snapshot's version had it and a change dropped it (removed, the
 *       old name of a rename, a field split or merged away);</li>
 *   <li>a field that holds another kind of value, when a change writes it anew (retyped, merged into one of its
 *       sources);</li>
 *   <li>a nested field's difference, when its top-level field was added, removed or written anew;</li>
 *   <li>a type rename, when the history's type renames lead back from the code's name to the snapshot's.</li>
 * </ul>
 * A declared change is not shown when it reads a field the snapshot's version lacks, adds one it already has, or
 * renames the type from a name other than the snapshot's. A retype that keeps the field's kind of value (a new text
 * format, say) shows no difference and is not one.
 */
final class DeclaredChanges {
    private final int before;
    private final int after;
    private final List<ChangeDescription> declared;
    /** Top-level stored fields at the snapshot's version, as the history says. */
    private final Set<String> fieldsBefore;
    private final Set<String> snapshotFields;
    private final Set<String> codeFields;
    /** Top-level fields a declared change writes anew. */
    private final Set<String> rewritten = new TreeSet<>();
    /** The type's stored name at the snapshot's version, as the history says. */
    private final String nameBefore;
    private final String snapshotName;
    private final String codeName;

    private DeclaredChanges(TypeDescription snapshot, TypeDescription code) {
        this.before = snapshot.schemaVersion();
        this.after = code.schemaVersion();
        this.declared = code.history().stream().filter(c -> c.version() > before && c.version() <= after).toList();
        this.snapshotFields = tops(snapshot.fields());
        this.codeFields = tops(code.fields());
        this.snapshotName = snapshot.name();
        this.codeName = code.name();
        Set<String> fields = new TreeSet<>(codeFields);
        String name = code.name();
        for (int i = declared.size() - 1; i >= 0; i--) {
            ChangeDescription c = declared.get(i);
            if (c.kind() == dev.keypath.dynamodb.SchemaChange.Kind.TYPE_RENAMED) {
                if (c.to().get(0).equals(name)) {
                    name = c.from().get(0);
                }
                continue;
            }
            fields.removeAll(c.to());
            fields.addAll(c.from());
            rewritten.addAll(c.to());
        }
        this.fieldsBefore = fields;
        this.nameBefore = name;
    }

    /** The declared changes of {@code code}'s type since {@code snapshot}'s version. */
    static DeclaredChanges between(TypeDescription snapshot, TypeDescription code) {
        return new DeclaredChanges(snapshot, code);
    }

    /** Whether a declared change explains {@code change}, a difference of this type. */
    boolean explains(SchemaChange change) {
        if (after <= before) {
            return false;
        }
        switch (change.kind()) {
            case VERSION_RAISED:
                return true;
            case TYPE_RENAMED:
                return change.subject().equals(nameBefore) && !nameBefore.equals(codeName);
            case FIELD_ADDED:
            case FIELD_REMOVED:
            case FIELD_RETYPED:
                break;
            default:
                return false;
        }
        String path = change.subject();
        String top = top(path);
        boolean came = !fieldsBefore.contains(top) && codeFields.contains(top);
        boolean went = fieldsBefore.contains(top) && !codeFields.contains(top);
        if (!path.equals(top)) {
            return came || went || rewritten.contains(top);
        }
        // a top-level field that is also the parent of nested ones both before and after is one written anew
        return switch (change.kind()) {
            case FIELD_ADDED -> came || snapshotFields.contains(top) && rewritten.contains(top);
            case FIELD_REMOVED -> went || codeFields.contains(top) && rewritten.contains(top);
            default -> rewritten.contains(top) && !came && !went;
        };
    }

    /** The declared changes the snapshot does not show, each with what does not fit, in declared order. */
    List<String> unshown() {
        Set<String> problems = new LinkedHashSet<>();
        if (after <= before) {
            return List.of();
        }
        for (ChangeDescription c : declared) {
            if (c.kind() == dev.keypath.dynamodb.SchemaChange.Kind.TYPE_RENAMED) {
                if (!nameBefore.equals(snapshotName)) {
                    problems.add("type " + codeName + ": declared " + c.summary() + " is not in the snapshot, which "
                            + "stores the type as '" + snapshotName + "' at version " + before + ", not '" + nameBefore
                            + "'");
                }
                continue;
            }
            for (String f : c.from()) {
                if (fieldsBefore.contains(f) && !snapshotFields.contains(f)) {
                    problems.add("type " + codeName + ": declared " + c.summary() + " reads field '" + f + "', which "
                            + "the snapshot's version " + before + " does not have");
                }
            }
            for (String f : c.to()) {
                if (!fieldsBefore.contains(f) && snapshotFields.contains(f) && codeFields.contains(f)) {
                    problems.add("type " + codeName + ": declared " + c.summary() + " adds field '" + f + "', which "
                            + "the snapshot's version " + before + " already has");
                }
            }
        }
        return new ArrayList<>(problems);
    }

    private static Set<String> tops(List<FieldDescription> fields) {
        Set<String> tops = new TreeSet<>();
        for (FieldDescription f : fields) {
            tops.add(top(f.path()));
        }
        return tops;
    }

    /** The top-level stored name of a field path ({@code profile.city} -> {@code profile}). */
    static String top(String path) {
        for (int i = 0; i < path.length(); i++) {
            char ch = path.charAt(i);
            if (ch == '.' || ch == '[' || ch == '{') {
                return path.substring(0, i);
            }
        }
        return path;
    }
}
