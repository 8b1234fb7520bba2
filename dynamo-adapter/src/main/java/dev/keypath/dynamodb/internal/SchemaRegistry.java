package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnknownItemTypeException;
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

    SchemaRegistry(Collection<Class<?>> types, JsonMapper mapper, Clock clock) {
        this.clock = clock;
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

    /** Maps a stored item of any registered type; null for sequence counters. */
    Object map(Map<String, AttributeValue> item, KeyPath keyPath) {
        String name = typeNameOf(item);
        if (TableAttributes.SEQUENCE_TYPE.equals(name)) {
            return null;
        }
        DefaultItemSchema<?> s = name == null ? null : byName.get(name);
        if (s == null) {
            throw new UnknownItemTypeException("Stored item type '" + name + "' is not registered with this table",
                    keyPath);
        }
        return s.fromItem(item);
    }

    boolean isRegisteredName(String name) {
        return byName.containsKey(name);
    }
}
