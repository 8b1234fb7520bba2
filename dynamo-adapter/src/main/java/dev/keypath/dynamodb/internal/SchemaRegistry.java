package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.UnreadableItemHandler;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;

/** The registered item types of one table, by class and by stored name; maps stored items to objects. Immutable. */
final class SchemaRegistry {
    private final Map<Class<?>, DefaultItemSchema<?>> byClass;
    private final Map<String, DefaultItemSchema<?>> byName;
    private final Set<String> indexes;
    private final Clock clock;
    private final UnreadableItemHandler unreadable;

    SchemaRegistry(Collection<Class<?>> types, JsonMapper mapper, Clock clock, UnreadableItemHandler unreadable) {
        this.clock = clock;
        this.unreadable = unreadable;
        Map<Class<?>, DefaultItemSchema<?>> c = new LinkedHashMap<>();
        Map<String, DefaultItemSchema<?>> n = new LinkedHashMap<>();
        Set<String> idx = new TreeSet<>();
        for (Class<?> t : types) {
            DefaultItemSchema<?> s = DefaultItemSchema.create(t, mapper);
            DefaultItemSchema<?> clash = n.put(s.typeName(), s);
            if (clash != null && clash.type() != t) {
                throw new ItemMappingException("Types " + clash.type().getName() + " and " + t.getName()
                        + " share the stored type name '" + s.typeName() + "'; set @ItemType(name=...)");
            }
            c.put(t, s);
            s.secondaryKeys().forEach(k -> idx.add(k.index()));
        }
        this.byClass = Map.copyOf(c);
        this.byName = Map.copyOf(n);
        this.indexes = Set.copyOf(idx);
    }

    @SuppressWarnings("unchecked")
    <T> DefaultItemSchema<T> of(Class<T> type) {
        DefaultItemSchema<?> s = byClass.get(type);
        if (s == null) {
            throw new UnknownItemTypeException(type.getName() + " is not registered with this table", null);
        }
        return (DefaultItemSchema<T>) s;
    }

    DefaultItemSchema<?> ofItem(Object item) {
        return of(item.getClass());
    }

    Set<String> indexes() {
        return indexes;
    }

    Collection<DefaultItemSchema<?>> schemas() {
        return byClass.values();
    }

    boolean isExpired(Map<String, AttributeValue> item) {
        AttributeValue ttl = item.get(TableAttributes.TTL);
        if (ttl == null || ttl.n() == null) {
            return false;
        }
        try {
            return Long.parseLong(ttl.n()) <= clock.instant().getEpochSecond();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The stored type name, or null when the item has none. */
    static String typeNameOf(Map<String, AttributeValue> item) {
        AttributeValue t = item.get(TableAttributes.TYPE);
        return t == null ? null : t.s();
    }

    /**
     * Maps a stored item of any registered type for a collection read; null for sequence counters and for items
     * the table's {@link UnreadableItemHandler} leaves out.
     */
    Object map(Map<String, AttributeValue> item, KeyPath keyPath) {
        String name = typeNameOf(item);
        if (TableAttributes.SEQUENCE_TYPE.equals(name)) {
            return null;
        }
        try {
            return schemaOfStored(name, keyPath).fromItem(item);
        } catch (UnreadableItemException e) {
            unreadable.onUnreadable(e);
            return null;
        }
    }

    /** Hands {@code problem}, met by a collection read, to the table's handler (which throws to fail the read). */
    void unreadable(UnreadableItemException problem) {
        unreadable.onUnreadable(problem);
    }

    /** The schema of a stored item's type name; an {@link UnreadableItemException} if there is none. */
    DefaultItemSchema<?> schemaOfStored(String name, KeyPath keyPath) {
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

    boolean isRegisteredName(String name) {
        return byName.containsKey(name);
    }
}
