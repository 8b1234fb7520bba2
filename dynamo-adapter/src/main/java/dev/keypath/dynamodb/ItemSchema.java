package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The mapping of one {@link dev.keypath.dynamodb.annotation.ItemType}-annotated class to DynamoDB items, as pure
 * functions with no network: {@code toItem} gives the attribute map of a {@code PutItem}, {@code fromItem}
 * maps a {@code GetItem}/{@code Query} item back. Non-key fields become native attribute types (N, S, B, BOOL,
 * L, M, SS, NS, BS, NULL) through Jackson; key fields are carried only in {@code pk}/{@code sk}. A null field is
 * stored as no attribute, and a missing attribute reads as null (a null list element or map value stays NULL); a
 * {@code Set} of text, numbers or binary is a DynamoDB set, and an empty one an empty list (it reads back empty).
 *
 * <p>Jackson works from a private {@code rebuild()} copy of the given mapper, so its configuration, modules and
 * annotations apply, with null properties left out ({@code NON_NULL}, unless the mapper leaves out more); the copy
 * adds a module that makes common cases cheaper without changing what is stored or read. Part of it reads and writes an {@code Instant} in its default text form
 * ({@code 2025-03-14T15:09:26.535Z}) through ITU's RFC 3339 code rather than the JDK formatter, and leaves every
 * other form, timestamps, {@code @JsonFormat} patterns and custom (de)serializers to Jackson.
 *
 * <p>A table gives the schemas of its registered types ({@code schema(type)}); {@code ItemSchemas.of(type)} makes one
 * for a type alone. Thread-safe once created (provided the Jackson mapper is not reconfigured).
 *
 * @param <T> the mapped class
 */
public interface ItemSchema<T> {
    /** The mapped class. */
    Class<T> type();

    /** The stored type name (value of the {@code _type} attribute). */
    String typeName();

    /** The key-path template. */
    KeyPathTemplate keyPathTemplate();

    /** The key path of {@code item}; every key field must be set (auto ids are generated only by puts). */
    KeyPath keyPathOf(T item);

    /** The full attribute map stored for {@code item}: {@code pk}, {@code sk}, type, fields, TTL and GSI keys. */
    Map<String, AttributeValue> toItem(T item);

    /** Maps a stored item back; throws {@link ItemMappingException} if it is not of this type or is malformed. */
    T fromItem(Map<String, AttributeValue> item);

    /**
     * The version of this type's stored form ({@code @ItemType(version = …)}, 1 unless declared), which items it
     * writes carry in {@code _kp_v} from version 2 on.
     */
    int schemaVersion();

    /** How this type's stored form changed from version 1 to {@link #schemaVersion()} ({@code @SchemaHistory}). */
    ItemHistory history();

    /**
     * The version a stored item of this type is at: its {@code _kp_v}, 1 without one; an
     * {@link UnreadableItemException} when {@code _kp_v} is not a version number.
     */
    int storedVersion(Map<String, AttributeValue> item);

    /**
     * A stored item of this type at the current {@link #schemaVersion()}, upgraded in memory by its {@link #history()}
     * (the same map when it is current): what a rewrite stores back. An {@link UnreadableItemException} when the item is
     * of a newer version or a declared change fails on it.
     */
    Map<String, AttributeValue> upgrade(Map<String, AttributeValue> item);

    /** The property name of the version field, if the type is versioned. */
    Optional<String> versionAttribute();

    /**
     * The {@link Projection} of this type onto {@code view}, checked now: an {@link InvalidProjectionException}
     * names the first view property this type can not supply. Use it to fail at startup rather than at the first
     * read. Example: {@code Projection<PostTitle> titles = table.schema(Post.class).projection(PostTitle.class)}.
     */
    <P> Projection<P> projection(Class<P> view);
}
