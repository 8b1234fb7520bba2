package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.InvalidItemHistoryException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.UnreadableItemHandler;
import dev.keypath.dynamodb.internal.extension.ItemExtensions;
import dev.keypath.dynamodb.internal.extension.TimeToLiveExtension;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.IndexDefinition;
import dev.keypath.dynamodb.internal.schema.ProjectionSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.time.Clock;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The registered item types of one table, by class and by stored name; maps stored items to objects. Immutable. */
public final class SchemaRegistry {
    private final Map<Class<?>, DefaultItemSchema<?>> byClass;
    private final Map<String, DefaultItemSchema<?>> byName;
    private final Set<String> indexes;
    private final Map<String, IndexDefinition> indexDefinitions;
    private final Clock clock;
    private final UnreadableItemHandler unreadable;
    private final ItemExtensions extensions;
    private final WriteVersions written;

    public SchemaRegistry(Collection<Class<?>> types, MapperSource mapper, Clock clock, UnreadableItemHandler unreadable) {
        this(types, mapper, clock, unreadable, List.of());
    }

    /** @param extensions the table's extensions, built-ins first; resolved here for each registered type */
    public SchemaRegistry(Collection<Class<?>> types, MapperSource mapper, Clock clock, UnreadableItemHandler unreadable,
                          List<dev.keypath.dynamodb.ItemExtension> extensions) {
        this(types, mapper, clock, unreadable, extensions, Set.of());
    }

    /**
     * @param extensions      the table's extensions, built-ins first; resolved here for each registered type
     * @param writingPrevious registered types the table writes at the version before their current one; an
     *                        {@link InvalidItemHistoryException} when one is not registered or cannot be
     */
    public SchemaRegistry(Collection<Class<?>> types, MapperSource mapper, Clock clock, UnreadableItemHandler unreadable,
                          List<dev.keypath.dynamodb.ItemExtension> extensions, Set<Class<?>> writingPrevious) {
        this(types, mapper, clock, unreadable, extensions, WriteVersions.previous(writingPrevious));
    }

    /**
     * @param extensions the table's extensions, built-ins first; resolved here for each registered type
     * @param written    which version the table writes of each type, and which types a write upgrades; an
     *                   {@link InvalidItemHistoryException} or a
     *                   {@link dev.keypath.dynamodb.ConflictingTableSettingsException} when they do not fit the types
     */
    public SchemaRegistry(Collection<Class<?>> types, MapperSource mapper, Clock clock, UnreadableItemHandler unreadable,
                          List<dev.keypath.dynamodb.ItemExtension> extensions, WriteVersions written) {
        this.clock = clock;
        written.check(types);
        Set<Class<?>> writingPrevious = written.previous();
        this.written = written;
        this.unreadable = unreadable;
        Map<Class<?>, DefaultItemSchema<?>> c = new LinkedHashMap<>();
        Map<String, DefaultItemSchema<?>> n = new LinkedHashMap<>();
        Set<String> idx = new TreeSet<>();
        Map<String, IndexDefinition> defs = new TreeMap<>();
        for (Class<?> t : types) {
            DefaultItemSchema<?> s = writingPrevious.contains(t) ? previousVersionOf(t, mapper)
                    : DefaultItemSchema.create(t, mapper);
            for (String name : s.storedTypeNames()) {
                DefaultItemSchema<?> clash = n.put(name, s);
                if (clash != null && clash.type() != t) {
                    throw name.equals(s.typeName()) && name.equals(clash.typeName())
                            ? new ItemMappingException("Types " + clash.type().getName() + " and " + t.getName()
                            + " share the stored type name '" + s.typeName() + "'; set @ItemType(name=...)")
                            : new InvalidItemHistoryException("Types " + clash.type().getName() + " and "
                            + t.getName() + " both read items stored as '" + name + "' (a current or former type "
                            + "name); a type name belongs to one type");
                }
            }
            c.put(t, s);
            for (DefaultItemSchema.SecondaryKey k : s.secondaryKeys()) {
                idx.add(k.index());
                IndexDefinition d = IndexDefinition.of(k);
                defs.merge(k.index(), d, (a, b) -> a.merge(b, t.getName()));
            }
        }
        this.byClass = Map.copyOf(c);
        this.byName = Map.copyOf(n);
        this.indexes = Set.copyOf(idx);
        this.indexDefinitions = Collections.unmodifiableMap(new LinkedHashMap<>(defs));
        this.extensions = new ItemExtensions(c.values(), extensions, clock);
    }

    /** A view of {@code base} that maps {@code byClass} and {@code byName} to other schemas of the same types. */
    private SchemaRegistry(SchemaRegistry base, Map<Class<?>, DefaultItemSchema<?>> byClass,
                           Map<String, DefaultItemSchema<?>> byName) {
        this.byClass = byClass;
        this.byName = byName;
        this.indexes = base.indexes;
        this.indexDefinitions = base.indexDefinitions;
        this.clock = base.clock;
        this.unreadable = base.unreadable;
        this.extensions = base.extensions;
        this.written = base.written;
    }

    /**
     * This registry as the table writes while the re-shards of {@code types} have not switched yet: each of them
     * writes its former layout ({@link DefaultItemSchema#writingFormer()}); every other type as here.
     */
    public SchemaRegistry writingFormer(Collection<Class<?>> types) {
        if (types.isEmpty()) {
            return this;
        }
        Map<Class<?>, DefaultItemSchema<?>> c = new LinkedHashMap<>(byClass);
        Map<String, DefaultItemSchema<?>> n = new LinkedHashMap<>(byName);
        for (Class<?> t : types) {
            DefaultItemSchema<?> former = of(t).writingFormer();
            c.put(t, former);
            for (String name : former.storedTypeNames()) {
                n.put(name, former);
            }
        }
        return new SchemaRegistry(this, Map.copyOf(c), Map.copyOf(n));
    }

    /** The schema of {@code type} written at the version before its current one; refused at version 1. */
    private static DefaultItemSchema<?> previousVersionOf(Class<?> type, MapperSource mapper) {
        int current = DefaultItemSchema.create(type, mapper).schemaVersion();
        if (current < 2) {
            throw new InvalidItemHistoryException("writePreviousVersion(" + type.getName() + "): the type is at "
                    + "version 1, there is no version before it");
        }
        return DefaultItemSchema.create(type, mapper, current - 1);
    }

    /**
     * Whether a write of {@code schema}'s type brings an older stored item to the current version
     * ({@code upgradeOnWrite}); never for a type at version 1.
     */
    public boolean upgradesOnWrite(DefaultItemSchema<?> schema) {
        return schema.schemaVersion() > 1 && written.upgrades(schema.type());
    }

    /** The table's extensions, per registered type. */
    public ItemExtensions extensions() {
        return extensions;
    }

    /**
     * Maps a stored item of {@code schema}'s type after its read hooks have run on it at the current version (an
     * older item upgraded first, so hooks see one form); null when one makes it read as absent (an expired item).
     */
    public <T> T read(DefaultItemSchema<T> schema, Map<String, AttributeValue> stored, KeyPath keyPath) {
        Map<String, AttributeValue> item = schema.evolution().upgrade(decoded(schema, stored, keyPath), keyPath);
        Map<String, AttributeValue> read = extensions.afterRead(schema, keyPath, item);
        return read == null ? null : schema.fromItem(read, keyPath);
    }

    /**
     * Maps the item a write returns (an update's item before or after, a delete's old item) after its read hooks;
     * a hook's "absent" does not apply, since the write has just seen the item.
     */
    public <T> T readReturned(DefaultItemSchema<T> schema, Map<String, AttributeValue> stored, KeyPath keyPath) {
        Map<String, AttributeValue> item = schema.evolution().upgrade(decoded(schema, stored, keyPath), keyPath);
        Map<String, AttributeValue> read = extensions.afterRead(schema, keyPath, item);
        return schema.fromItem(read == null ? item : read, keyPath);
    }

    /**
     * {@code stored} as the table's stored-item codec decodes it for {@code schema}'s type (the same map for a type it
     * does not encode); an {@link UnreadableItemException} when it cannot.
     */
    public Map<String, AttributeValue> decoded(DefaultItemSchema<?> schema, Map<String, AttributeValue> stored,
                                              KeyPath keyPath) {
        return extensions.codecs().decode(schema, keyPath, stored);
    }

    @SuppressWarnings("unchecked")
    public <T> DefaultItemSchema<T> of(Class<T> type) {
        DefaultItemSchema<?> s = byClass.get(type);
        if (s == null) {
            throw new UnknownItemTypeException(type.getName() + " is not registered with this table", null);
        }
        return (DefaultItemSchema<T>) s;
    }

    /**
     * The schema of {@code type}, which {@code keyPath} is given to address: an {@link UnknownItemTypeException}
     * when the type is not registered, a {@link dev.keypath.dynamodb.KeyPathMismatchException} when the path cannot
     * be one of its items' (checked before any request).
     */
    public <T> DefaultItemSchema<T> of(Class<T> type, KeyPath keyPath) {
        DefaultItemSchema<T> schema = of(type);
        schema.checkKeyPath(keyPath);
        return schema;
    }

    /**
     * The compiled projection {@code projection}: an {@link UnknownItemTypeException} when its item type is not
     * registered, a {@link dev.keypath.dynamodb.InvalidProjectionException} when its view does not fit the type.
     */
    public <P> ProjectionSchema<P> projection(dev.keypath.dynamodb.Projection<P> projection) {
        DefaultItemSchema<?> schema = of(projection.itemType());
        ProjectionSchema<P> compiled = schema.projectionSchema(projection.viewType());
        return extensions.codecs().encodes(schema) ? compiled.readingWholeItems() : compiled;
    }

    public DefaultItemSchema<?> ofItem(Object item) {
        return of(item.getClass());
    }

    public Set<String> indexes() {
        return indexes;
    }

    /** Every declared index by name, in name order. */
    public Map<String, IndexDefinition> indexDefinitions() {
        return indexDefinitions;
    }

    /** The declared index {@code name}; an {@link IllegalArgumentException} naming the known ones otherwise. */
    public IndexDefinition index(String name) {
        IndexDefinition d = indexDefinitions.get(name);
        if (d == null) {
            throw new IllegalArgumentException("No registered type declares index '" + name + "'; known: "
                    + indexes);
        }
        return d;
    }

    public Collection<DefaultItemSchema<?>> schemas() {
        return byClass.values();
    }

    /** The table's clock. */
    public Clock clock() {
        return clock;
    }

    /** Now, in epoch seconds, by the table's clock: an item whose {@code _ttl} is not later has expired. */
    public long epochSecondNow() {
        return clock.instant().getEpochSecond();
    }

    public boolean isExpired(Map<String, AttributeValue> item) {
        return TimeToLiveExtension.isExpired(item, clock);
    }

    /** The stored type name, or null when the item has none. */
    public static String typeNameOf(Map<String, AttributeValue> item) {
        AttributeValue t = item.get(TableAttributes.TYPE);
        return t == null ? null : t.s();
    }

    /**
     * Maps a stored item of any registered type for a collection read; null for keypath's own items and for items
     * the table's {@link UnreadableItemHandler} leaves out.
     */
    public Object map(Map<String, AttributeValue> item, KeyPath keyPath) {
        String name = typeNameOf(item);
        if (TableAttributes.isInternalType(name)) {
            return null;
        }
        DefaultItemSchema<?> schema;
        try {
            schema = schemaOfStored(name, keyPath);
        } catch (UnreadableItemException e) {
            if (isExpired(item)) {
                return null; // expired items read as absent, whatever their type
            }
            unreadable.onUnreadable(e);
            return null;
        }
        try {
            return read(schema, item, keyPath);
        } catch (UnreadableItemException e) {
            unreadable.onUnreadable(e);
            return null;
        }
    }

    /**
     * The key path a stored item met by a collection read holds in {@code pkAttribute}/{@code skAttribute} (its
     * table key or an index's); null, after the table's handler heard of the item as unreadable, when those bytes
     * are not a key path.
     */
    public KeyPath storedKeyPath(Map<String, AttributeValue> item, String pkAttribute, String skAttribute) {
        try {
            return DefaultItemSchema.keyPathOfItem(item, pkAttribute, skAttribute);
        } catch (ItemMappingException e) {
            unreadable.onUnreadable(new UnreadableItemException(e.getMessage(), null, e));
            return null;
        }
    }

    /** Hands {@code problem}, met by a collection read, to the table's handler (which throws to fail the read). */
    public void unreadable(UnreadableItemException problem) {
        unreadable.onUnreadable(problem);
    }

    /** The schema of a stored item's type name; an {@link UnreadableItemException} if there is none. */
    public DefaultItemSchema<?> schemaOfStored(String name, KeyPath keyPath) {
        if (name == null) {
            throw new UnreadableItemException("Stored item has no " + TableAttributes.TYPE + " attribute, so no "
                    + "registered type can read it", keyPath, null);
        }
        DefaultItemSchema<?> s = byName.get(name);
        if (s == null) {
            throw new UnreadableItemException("Stored item type '" + name + "' is not registered with this table "
                    + "(registered: " + byName.keySet() + ")", keyPath, null);
        }
        return s;
    }

    /**
     * Refuses a query bound whose id at some position has a type that no registered type has there. Ids of
     * different types at one position interleave in byte order, so such a bound can only read other types' items
     * (and, for a bytes id, an unbounded run of integer ids): a typo or a wrong Java type, never a useful query.
     * Positions no registered template reaches with the same namespaces are not judged.
     *
     * @param index the GSI queried, or null for the table
     */
    public void checkIdTypes(KeyPath bound, String index) {
        for (int i = 0; i < bound.size(); i++) {
            KeyId id = bound.id(i);
            if (id == null) {
                continue;
            }
            Set<KeyId.Type> allowed = EnumSet.noneOf(KeyId.Type.class);
            boolean judged = false;
            for (DefaultItemSchema<?> s : byClass.values()) {
                if (index == null) {
                    judged |= allow(s.keyPathTemplate(), s.keyFields(), bound, i, allowed);
                } else {
                    for (DefaultItemSchema.SecondaryKey k : s.secondaryKeys()) {
                        if (k.index().equals(index)) {
                            judged |= allow(k.template().source(), k.fields(), bound, i, allowed);
                        }
                    }
                }
            }
            if (judged && !allowed.contains(id.type())) {
                throw new IllegalArgumentException("Query bound " + bound + " has a " + id.type() + " id at position "
                        + i + " (" + bound.namespace(i) + "), where the registered types have only " + allowed
                        + " ids: ids of different types interleave in byte order, so this range could only read "
                        + "other items; use a " + allowed + " id (see FORMAT.md, type collisions)");
            }
        }
    }

    /** Adds the id types {@code template} allows at {@code position} if its namespaces match; true if they do. */
    private static boolean allow(KeyPathTemplate template, List<DefaultItemSchema.KeyField> fields, KeyPath bound,
            int position, Set<KeyId.Type> allowed) {
        if (template.size() <= position) {
            return false;
        }
        for (int j = 0; j <= position; j++) {
            if (!template.namespace(j).equals(bound.namespace(j))) {
                return false;
            }
        }
        for (DefaultItemSchema.KeyField f : fields) {
            if (template.indexOf(f.variable()) == position) {
                allowed.addAll(f.fieldType().idTypes());
                return true;
            }
        }
        allowed.addAll(EnumSet.allOf(KeyId.Type.class)); // a literal: not judged by type
        return true;
    }

    public boolean isRegisteredName(String name) {
        return byName.containsKey(name);
    }
}
