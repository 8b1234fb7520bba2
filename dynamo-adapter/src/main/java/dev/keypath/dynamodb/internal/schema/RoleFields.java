package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.Property;
import java.lang.annotation.Annotation;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The fields of an item type that an annotation gives a role, found and checked when the type is registered: at
 * most one each of {@link Version} (a long or int), {@link TimeToLive} (an Instant or epoch seconds) and, through
 * {@link #timestamp}, {@code @CreatedAt} and {@code @UpdatedAt}; and the values an item holds in the first two.
 * Immutable.
 *
 * @param version the version field, or null
 * @param ttl     the expiry field, or null
 */
record RoleFields(Property version, Property ttl) {
    /** The version and expiry fields of {@code type}, whose properties are {@code props}. */
    static RoleFields of(Class<?> type, Map<String, Property> props) {
        Property v = null;
        Property t = null;
        for (Property p : props.values()) {
            if (p.annotation(Version.class) != null) {
                Class<?> c = p.javaType();
                if (v != null || !(c == long.class || c == Long.class || c == int.class || c == Integer.class)) {
                    throw new ItemMappingException(type.getName() + "." + p.name()
                            + ": @Version needs one long/int field per type");
                }
                v = p;
            }
            if (p.annotation(TimeToLive.class) != null) {
                Class<?> c = p.javaType();
                if (t != null || !(c == Instant.class || c == long.class || c == Long.class)) {
                    throw new ItemMappingException(type.getName() + "." + p.name()
                            + ": @TimeToLive needs one Instant or long (epoch seconds) field per type");
                }
                t = p;
            }
        }
        return new RoleFields(v, t);
    }

    /** The current version of {@code item}, 0 when unset; the type must have a version field. */
    long versionOf(Object item) {
        Object v = version.get(item);
        return v == null ? 0 : ((Number) v).longValue();
    }

    /** The expiry of {@code item} in epoch seconds, or null when it has none; the type must have an expiry field. */
    Long expiryOf(Object item) {
        Object t = ttl.get(item);
        return t instanceof Instant i ? (Long) i.getEpochSecond() : t == null ? null : (Long) ((Number) t).longValue();
    }

    /** Puts into {@code attrs} the expiry {@code item} holds, as {@code _ttl}, when the type and the item have one. */
    void storeExpiry(Object item, Map<String, AttributeValue> attrs) {
        Long expiry = ttl == null ? null : expiryOf(item);
        if (expiry != null) {
            attrs.put(TableAttributes.TTL, AttributeValues.number(expiry));
        }
    }

    /**
     * The one field of {@code props} annotated with {@code at}, stored under its name in {@code jsonNames} (its Java
     * name where it has none), or null.
     */
    static TimestampField timestamp(Class<?> type, Map<String, Property> props, Map<String, String> jsonNames,
                                    Class<? extends Annotation> at) {
        TimestampField found = null;
        for (Property p : props.values()) {
            TimestampField f = TimestampField.of(type, p, jsonNames.getOrDefault(p.name(), p.name()), at);
            if (f != null && found != null) {
                throw new ItemMappingException(type.getName() + "." + p.name() + ": @" + at.getSimpleName()
                        + " is already on " + found.property().name() + "; one field per type");
            }
            found = f != null ? f : found;
        }
        return found;
    }
}
