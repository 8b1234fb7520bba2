package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidItemHistoryException;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.SchemaChange;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The versions of one item type's stored form, compiled from its {@link ItemType#version()} and its declared
 * {@link ItemHistory} and checked against the type once, when it is registered: which version an item is at
 * ({@code _kp_v}, none meaning 1), how an older item is upgraded to the current version in memory, which stored
 * type names are this type's, and which version the table writes (the current one, or the one before while a
 * rolling deploy is under way). An item at the current version passes through with one attribute read and no
 * copy. Immutable and thread-safe.
 */
public final class SchemaEvolution {
    private final String typeName;
    private final int current;
    /** {@code _kp_v}'s text at the current version; null at version 1, whose items need not carry it. */
    private final String currentText;
    private final int writeVersion;
    private final AttributeValue writeVersionValue;
    private final ItemHistory history;
    /** The stored type name at each version, index 0 for version 1. */
    private final String[] namesByVersion;
    private final Set<String> typeNames;
    /** Attributes some change reads in an older form, which a projection must ask for besides its own. */
    private final Set<String> olderAttributes;
    /** The stored fields at each version, index 0 for version 1. */
    private final List<Set<String>> fieldsByVersion;
    /** The oldest version an item may still be stored at. */
    private final int oldestStored;

    private SchemaEvolution(String typeName, int current, int writeVersion, ItemHistory history,
                            String[] namesByVersion, Set<String> olderAttributes, List<Set<String>> fieldsByVersion) {
        this.fieldsByVersion = fieldsByVersion;
        this.oldestStored = history.oldestStoredVersion();
        this.typeName = typeName;
        this.current = current;
        this.currentText = current == 1 ? null : Integer.toString(current);
        this.writeVersion = writeVersion;
        this.writeVersionValue = writeVersion == 1 ? null : AttributeValues.number(writeVersion);
        this.history = history;
        this.namesByVersion = namesByVersion;
        Set<String> names = new LinkedHashSet<>();
        names.add(typeName);
        for (int v = namesByVersion.length - 1; v >= 0; v--) {
            names.add(namesByVersion[v]);
        }
        this.typeNames = Collections.unmodifiableSet(names);
        this.olderAttributes = Collections.unmodifiableSet(new LinkedHashSet<>(olderAttributes));
    }

    /**
     * The evolution {@code type} declares, its attributes as {@code declared}, writing {@code writeVersion} (0: the
     * current version); an {@link InvalidItemHistoryException} naming the type, version and change that do not fit.
     */
    static SchemaEvolution of(Class<?> type, ItemDeclaration declared, int writeVersion) {
        ItemType ann = type.getAnnotation(ItemType.class);
        int version = ann.version();
        String where = type.getName();
        if (version < 1) {
            throw new InvalidItemHistoryException(where + ": @ItemType(version = " + version + ") must be 1 or more");
        }
        ItemHistory history = historyOf(type);
        if (history.latestVersion() != version) {
            throw new InvalidItemHistoryException(where + " is at version " + version + " but its "
                    + (history.steps().isEmpty() ? "history declares no version after 1 (add a @SchemaHistory method)"
                    : "@SchemaHistory reaches version " + history.latestVersion()));
        }
        List<ItemHistory.Step> steps = history.steps();
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).version() != i + 2) {
                throw new InvalidItemHistoryException(where + ": history version " + steps.get(i).version()
                        + " is out of order; versions run 2, 3, ... up to " + version + ", each declared once");
            }
            if (steps.get(i).changes().isEmpty()) {
                throw new InvalidItemHistoryException(where + ": history version " + steps.get(i).version()
                        + " declares no change");
            }
        }
        Set<String> untouchable = new HashSet<>(declared.names().reserved());
        untouchable.addAll(declared.names().keyFieldNames());
        Set<String> roleNames = roleAttributes(declared);
        String[] names = new String[version];
        Set<String> fields = new HashSet<>(declared.names().fieldAttributes());
        List<Set<String>> fieldsByVersion = new ArrayList<>(Collections.nCopies(version, Set.of()));
        fieldsByVersion.set(version - 1, Set.copyOf(fields));
        Set<String> older = new LinkedHashSet<>();
        String name = declared.typeName();
        for (int v = version; v >= 2; v--) {
            names[v - 1] = name;
            Set<String> touched = new HashSet<>();
            boolean typeRenamed = false;
            for (SchemaChange c : steps.get(v - 2).changes()) {
                String at = where + " history version " + v + ", " + c + ": ";
                if (c.kind() == SchemaChange.Kind.TYPE_RENAMED) {
                    if (typeRenamed) {
                        throw new InvalidItemHistoryException(at + "the type is renamed twice in one version");
                    }
                    typeRenamed = true;
                    if (!c.to().get(0).equals(name)) {
                        throw new InvalidItemHistoryException(at + "the type is stored as '" + name
                                + "' at this version, not '" + c.to().get(0) + "'");
                    }
                    if (c.from().get(0).equals(name) || c.from().get(0).isEmpty()) {
                        throw new InvalidItemHistoryException(at + "the old name must be another, non-empty name");
                    }
                    name = c.from().get(0);
                    continue;
                }
                for (String a : concat(c.from(), c.to())) {
                    if (untouchable.contains(a) || a.startsWith("_kp_")) {
                        throw new InvalidItemHistoryException(at + "'" + a + "' is a key field or a reserved "
                                + "attribute; a change of the key is a key migration (keypath-migrate)");
                    }
                    if (roleNames.contains(a)) {
                        throw new InvalidItemHistoryException(at + "'" + a + "' is a version, expiry or timestamp "
                                + "field, whose stored name the table's extensions rely on");
                    }
                    if (a.isEmpty()) {
                        throw new InvalidItemHistoryException(at + "a field name is empty");
                    }
                }
                for (String a : c.to()) {
                    if (!touched.add("+" + a)) {
                        throw new InvalidItemHistoryException(at + "'" + a + "' is changed twice in one version");
                    }
                    if (!fields.contains(a)) {
                        throw new InvalidItemHistoryException(at + "'" + a + "' is not a stored field of the type at "
                                + "version " + v + " (its fields then: " + new TreeSet<>(fields) + ")");
                    }
                }
                for (String a : c.from()) {
                    if (!touched.add("-" + a)) {
                        throw new InvalidItemHistoryException(at + "'" + a + "' is changed twice in one version");
                    }
                    if (fields.contains(a) && !c.to().contains(a)) {
                        throw new InvalidItemHistoryException(at + "'" + a + "' is still a stored field at version "
                                + v + ", so it cannot be what the change replaces");
                    }
                }
                if (c.kind() == SchemaChange.Kind.FIELD_SPLIT || c.kind() == SchemaChange.Kind.FIELDS_MERGED) {
                    if (c.from().isEmpty() || c.to().isEmpty() || (c.to().size() < 2 && c.from().size() < 2)) {
                        throw new InvalidItemHistoryException(at + "a split makes two or more fields of one, a merge "
                                + "one of two or more");
                    }
                }
                fields.removeAll(c.to());
                fields.addAll(c.from());
                older.addAll(c.from());
            }
            fieldsByVersion.set(v - 2, Set.copyOf(fields));
        }
        names[0] = name;
        int oldest = history.oldestStoredVersion();
        if (oldest < 1 || oldest > version) {
            throw new InvalidItemHistoryException(where + ": oldestStoredVersion(" + oldest + ") must be from 1 to the "
                    + "type's version, " + version);
        }
        int write = writeVersion == 0 ? version : writeVersion;
        if (write < oldest) {
            throw new InvalidItemHistoryException(where + " cannot keep writing version " + write + ": its history "
                    + "declares that no item older than version " + oldest + " is stored (oldestStoredVersion)");
        }
        if (write != version) {
            if (write != version - 1) {
                throw new InvalidItemHistoryException(where + " is at version " + version + "; a table can write it at "
                        + "that version or the one before, not at version " + write);
            }
            ItemHistory.Step newest = steps.get(steps.size() - 1);
            if (!newest.reversible()) {
                throw new InvalidItemHistoryException(where + " cannot keep writing version " + write + ": version "
                        + version + "'s changes are not all reversible " + newest.changes());
            }
        }
        return new SchemaEvolution(declared.typeName(), version, write, history, names, older,
                List.copyOf(fieldsByVersion));
    }

    /** The history {@code type}'s {@link SchemaHistory} method returns, or none when it has no such method. */
    private static ItemHistory historyOf(Class<?> type) {
        Method found = null;
        for (Method m : type.getDeclaredMethods()) {
            if (!m.isAnnotationPresent(SchemaHistory.class)) {
                continue;
            }
            if (found != null) {
                throw new InvalidItemHistoryException(type.getName() + " has two @SchemaHistory methods: "
                        + found.getName() + " and " + m.getName());
            }
            if (!Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0
                    || m.getReturnType() != ItemHistory.class) {
                throw new InvalidItemHistoryException(type.getName() + "." + m.getName() + ": a @SchemaHistory "
                        + "method is static, takes no parameter and returns ItemHistory");
            }
            found = m;
        }
        if (found == null) {
            return ItemHistory.none();
        }
        try {
            found.setAccessible(true);
            ItemHistory h = (ItemHistory) found.invoke(null);
            if (h == null) {
                throw new InvalidItemHistoryException(type.getName() + "." + found.getName() + " returned null");
            }
            return h;
        } catch (IllegalAccessException | InvocationTargetException e) {
            Throwable cause = e instanceof InvocationTargetException i ? i.getCause() : e;
            throw new InvalidItemHistoryException(type.getName() + "." + found.getName() + " failed: " + cause);
        }
    }

    private static Set<String> roleAttributes(ItemDeclaration declared) {
        Set<String> roles = new HashSet<>();
        if (declared.versionName() != null) {
            roles.add(declared.versionName());
        }
        if (declared.roles().ttl() != null) {
            roles.add(declared.roles().ttl().name());
        }
        if (declared.createdAt() != null) {
            roles.add(declared.createdAt().attribute());
        }
        if (declared.updatedAt() != null) {
            roles.add(declared.updatedAt().attribute());
        }
        return roles;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The current version of the type's stored form. */
    public int current() {
        return current;
    }

    /** The version the table writes: the current one, or the one before while a rolling deploy is under way. */
    public int writeVersion() {
        return writeVersion;
    }

    /** The type name items are written under: the current one, or the one of the version the table writes. */
    public String writtenTypeName() {
        return namesByVersion[writeVersion - 1];
    }

    /** The declared history. */
    public ItemHistory history() {
        return history;
    }

    /** The stored type names items of this type may carry: the current one first, then former ones. */
    public Set<String> typeNames() {
        return typeNames;
    }

    /** Whether {@code name} is a stored type name of this type (the current one or a former one). */
    public boolean isTypeName(String name) {
        return typeName.equals(name) || (namesByVersion.length > 1 && typeNames.contains(name));
    }

    /** The attributes older forms hold that the current one does not, which a projection reads besides its own. */
    public Set<String> olderAttributes() {
        return olderAttributes;
    }

    /**
     * The oldest version an item of the type may still be stored at: 1, unless the history declares that every older
     * item was rewritten ({@link ItemHistory#oldestStoredVersion()}).
     */
    public int oldestStored() {
        return oldestStored;
    }

    /** The type name items of {@code version} are stored under. */
    public String typeNameAt(int version) {
        return namesByVersion[version - 1];
    }

    /** The names the type's fields are stored under at {@code version} (key fields and reserved attributes aside). */
    public Set<String> fieldsAt(int version) {
        return fieldsByVersion.get(version - 1);
    }

    /**
     * What {@code attribute}, as the current version stores it, is on an item stored at {@code version} (from the
     * oldest stored version, below the current one) once upgraded: the declared changes of the versions above
     * {@code version} walked back from the current form. An attribute the current form does not hold is
     * {@link StoredForm.Absent}; one no change touched, stored as it is. Only items stored in a version's form are
     * considered: at {@code version}, an item holds only that version's fields.
     */
    public StoredForm formAt(String attribute, int version) {
        StoredForm form = fieldsAt(current).contains(attribute) ? new StoredForm.Stored(attribute)
                : new StoredForm.Absent();
        for (int v = current; v > version && form instanceof StoredForm.Stored stored; v--) {
            for (SchemaChange c : history.steps().get(v - 2).changes()) {
                if (c.kind() == SchemaChange.Kind.TYPE_RENAMED || !c.to().contains(stored.attribute())) {
                    continue;
                }
                form = switch (c.kind()) {
                    case FIELD_RENAMED -> new StoredForm.Stored(c.from().get(0));
                    case FIELD_ADDED -> c.defaultValue().<StoredForm>map(StoredForm.Constant::new)
                            .orElse(new StoredForm.Absent());
                    default -> new StoredForm.Converted(c, v);
                };
                break;
            }
        }
        return form;
    }

    /**
     * The change that dropped {@code attribute} from the type's stored fields, and its version, when items stored
     * from the oldest stored version on may still hold it but the current form does not; empty otherwise.
     */
    public Optional<Map.Entry<Integer, SchemaChange>> formerlyStored(String attribute) {
        if (fieldsAt(current).contains(attribute)) {
            return Optional.empty();
        }
        for (int v = oldestStored; v < current; v++) {
            if (fieldsAt(v).contains(attribute) && !fieldsAt(v + 1).contains(attribute)) {
                for (SchemaChange c : history.steps().get(v - 1).changes()) {
                    if (c.kind() != SchemaChange.Kind.TYPE_RENAMED && c.from().contains(attribute)) {
                        return Optional.of(Map.entry(v + 1, c));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Whether {@code item} is at the current version: one attribute read, no copy. */
    public boolean isCurrent(Map<String, AttributeValue> item) {
        AttributeValue v = item.get(TableAttributes.SCHEMA_VERSION);
        return v == null ? currentText == null : v.n() != null && v.n().equals(currentText);
    }

    /**
     * The version {@code item} is at; an {@link UnreadableItemException} naming {@code path} when its
     * {@code _kp_v} is not a version number.
     */
    public int versionOf(Map<String, AttributeValue> item, KeyPath path) {
        AttributeValue v = item.get(TableAttributes.SCHEMA_VERSION);
        if (v == null) {
            return 1;
        }
        try {
            int n = v.n() == null ? 0 : Integer.parseInt(v.n());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new UnreadableItemException("Stored " + typeName + " has " + TableAttributes.SCHEMA_VERSION + " = " + v
                + ", which is not a version number", path, null);
    }

    /**
     * {@code item} at the current version: itself when it is, else an upgraded copy. An item of a newer version than
     * this code knows, or one a declared change fails on, is an {@link UnreadableItemException} naming {@code path}
     * (never read as if it were of this version).
     */
    public Map<String, AttributeValue> upgrade(Map<String, AttributeValue> item, KeyPath path) {
        if (isCurrent(item)) {
            return item;
        }
        int from = versionOf(item, path);
        if (from > current) {
            throw new UnreadableItemException("Stored " + typeName + " is at version " + from + ", newer than version "
                    + current + ", the newest this application knows; it is read once every instance runs the "
                    + "newer code (until then, a table that writes it should keep writing the previous version)",
                    path, null);
        }
        Map<String, AttributeValue> copy = new HashMap<>(item);
        try {
            for (int v = from + 1; v <= current; v++) {
                for (SchemaChange c : history.steps().get(v - 2).changes()) {
                    c.upgrade(copy);
                }
            }
        } catch (RuntimeException e) {
            throw new UnreadableItemException("Stored " + typeName + " at version " + from + " cannot be upgraded to "
                    + "version " + current + ": " + e.getMessage(), path, e);
        }
        stamp(copy, current);
        return copy;
    }

    /**
     * Marks {@code attributes}, an item encoded at the current version, with the version the table writes, turning
     * it into the version before first when the table still writes that one. Modifies and returns the map.
     */
    Map<String, AttributeValue> toWriteVersion(Map<String, AttributeValue> attributes) {
        if (writeVersion != current) {
            List<SchemaChange> newest = history.steps().get(current - 2).changes();
            for (int i = newest.size() - 1; i >= 0; i--) {
                newest.get(i).downgrade(attributes);
            }
            if (!namesByVersion[writeVersion - 1].equals(typeName)) {
                attributes.put(TableAttributes.TYPE, AttributeValues.string(namesByVersion[writeVersion - 1]));
            }
        }
        if (writeVersionValue != null) {
            attributes.put(TableAttributes.SCHEMA_VERSION, writeVersionValue);
        }
        return attributes;
    }

    /**
     * The newest version, at most the written one, whose changes touch one of {@code attributes}: an update of
     * those attributes is right only on an item stored at that version or later, up to the written one.
     */
    public int lastChangeOf(Collection<String> attributes) {
        for (int v = writeVersion; v >= 2; v--) {
            for (SchemaChange c : history.steps().get(v - 2).changes()) {
                for (String a : attributes) {
                    if (c.to().contains(a) || c.from().contains(a)) {
                        return v;
                    }
                }
            }
        }
        return 1;
    }

    /** Attributes the changes above the written version touch, which an update must not set before the flip. */
    public Set<String> unwrittenAttributes() {
        Set<String> names = new HashSet<>();
        for (int v = writeVersion + 1; v <= current; v++) {
            for (SchemaChange c : history.steps().get(v - 2).changes()) {
                if (c.kind() != SchemaChange.Kind.TYPE_RENAMED) {
                    names.addAll(c.to());
                    names.addAll(c.from());
                }
            }
        }
        return names;
    }

    private void stamp(Map<String, AttributeValue> item, int version) {
        if (version == 1) {
            item.remove(TableAttributes.SCHEMA_VERSION);
        } else {
            item.put(TableAttributes.SCHEMA_VERSION, AttributeValues.number(version));
        }
    }
}
