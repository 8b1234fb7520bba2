package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidProjectionException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.mapping.AttributeMapParser;
import dev.keypath.dynamodb.internal.mapping.JacksonItemCodec;
import dev.keypath.dynamodb.internal.mapping.JsonNames;
import dev.keypath.dynamodb.internal.mapping.Property;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;

/**
 * The compiled projection of one registered item type onto a view type (a record, a class Jackson builds, or an
 * interface of getters): which stored attributes the view reads, and how a stored item with just those
 * attributes becomes a view. Each view property is a stored property of the item type (by the name the item type
 * stores it under), one of its key fields (taken from the key path) or a {@link KeyPath} (the item's key path);
 * anything else is an {@link InvalidProjectionException} naming it. A stored item of an older version of the type is
 * upgraded before the view is read from it. Immutable and thread-safe.
 *
 * @param <P> the view type
 */
public final class ProjectionSchema<P> {
    private final DefaultItemSchema<?> source;
    private final Class<P> view;
    private final List<String> attributes;
    /** For a class view: its reader, and its properties filled from the key (names, and key index or -1). */
    private final ObjectReader reader;
    private final String[] keyNames;
    private final int[] keySlots;
    /** For an interface view: its getters. */
    private final InterfaceView<P> interfaceView;
    /** Whether the view is read from whole stored items (a type whose items are stored encoded), never from parts. */
    private final boolean wholeItems;

    /** {@code base}, read from whole stored items. */
    private ProjectionSchema(ProjectionSchema<P> base) {
        this.source = base.source;
        this.view = base.view;
        this.attributes = base.attributes;
        this.reader = base.reader;
        this.keyNames = base.keyNames;
        this.keySlots = base.keySlots;
        this.interfaceView = base.interfaceView;
        this.wholeItems = true;
    }

    private ProjectionSchema(DefaultItemSchema<?> source, Class<P> view) {
        this.source = source;
        this.view = view;
        Map<String, Integer> keyIndex = new HashMap<>();
        String[] sourceKeys = source.keyPropertyNames();
        for (int i = 0; i < sourceKeys.length; i++) {
            keyIndex.put(sourceKeys[i], i);
        }
        Set<String> stored = storedNames(source);
        Set<String> read = new LinkedHashSet<>();
        if (view.isInterface()) {
            this.interfaceView = InterfaceView.of(view, source, keyIndex, stored, read);
            this.reader = null;
            this.keyNames = null;
            this.keySlots = null;
        } else {
            this.interfaceView = null;
            checkClassView(view, source);
            Map<String, String> jsonNames = JsonNames.of(source.itemMapper(), view);
            List<String> names = new ArrayList<>();
            List<Integer> slots = new ArrayList<>();
            for (Property p : Property.of(view).values()) {
                String name = jsonNames.getOrDefault(p.name(), p.name());
                if (p.javaType() == KeyPath.class) {
                    names.add(name);
                    slots.add(-1);
                } else if (keyIndex.containsKey(name)) {
                    names.add(name);
                    slots.add(keyIndex.get(name));
                } else if (stored.contains(name)) {
                    read.add(name);
                } else {
                    throw unknown(view, p.name(), name, source, stored);
                }
            }
            this.keyNames = names.toArray(String[]::new);
            this.keySlots = slots.stream().mapToInt(Integer::intValue).toArray();
            this.reader = source.itemMapper().readerFor(view)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        }
        if (source.schemaVersion() > 1) {
            read.addAll(source.evolution().olderAttributes()); // what an older item holds the view's fields in
        }
        this.attributes = List.copyOf(read);
        this.wholeItems = false;
    }

    /**
     * This projection read from whole stored items: requests ask for every attribute and no index's partial entries
     * serve it, as for a type whose items are stored encoded, whose parts cannot be read alone.
     */
    public ProjectionSchema<P> readingWholeItems() {
        return wholeItems ? this : new ProjectionSchema<>(this);
    }

    /** Whether requests for this view read whole stored items ({@link #readingWholeItems}). */
    public boolean readsWholeItems() {
        return wholeItems;
    }

    /** Checks and compiles the projection of {@code source} onto {@code view}. */
    static <P> ProjectionSchema<P> create(DefaultItemSchema<?> source, Class<P> view) {
        return new ProjectionSchema<>(source, view);
    }

    /** The view type. */
    public Class<P> view() {
        return view;
    }

    /** The stored type name of the item type projected. */
    public String typeName() {
        return source.typeName();
    }

    /** Whether a stored item of type name {@code name} is of the projected type (under its name or a former one). */
    public boolean readsTypeName(String name) {
        return source.evolution().isTypeName(name);
    }

    /**
     * The stored attributes the view reads, besides the key (never a reserved attribute); for a type with a history,
     * also those an older version of it holds the view's fields in.
     */
    public List<String> attributes() {
        return attributes;
    }

    /**
     * Whether a query of {@code index} can read the view from the index's entries alone: the index holds every
     * attribute the view reads (a view of key fields only, from any index), and the type is at version 1, since an
     * entry of an index that holds parts of items carries no stored version ({@code _kp_v}) to upgrade it by.
     */
    public boolean readableFrom(IndexDefinition index) {
        return index.holdsWholeItems() || !wholeItems && source.schemaVersion() == 1 && index.holdsAll(attributes);
    }

    /**
     * The view of a stored item of the projected type at {@code keyPath}; an {@link UnreadableItemException}
     * naming the key path when the item cannot be read as the view (the caller checked its type name).
     */
    public P read(Map<String, AttributeValue> stored, KeyPath keyPath) {
        Map<String, AttributeValue> item = source.evolution().upgrade(stored, keyPath);
        Object[] keyValues;
        try {
            keyValues = source.keyValuesOf(keyPath);
        } catch (ItemMappingException e) {
            throw new UnreadableItemException("Stored item cannot be read as " + typeName() + ": " + stripped(e),
                    keyPath, e);
        }
        if (interfaceView != null) {
            return interfaceView.read(item, keyPath, keyValues);
        }
        Object[] values = new Object[keySlots.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = keySlots[i] < 0 ? keyPath.toString() : keyValues[keySlots[i]];
        }
        AttributeMapParser parser = new AttributeMapParser(item, source.notStored(), keyNames, values);
        try {
            return reader.readValue(parser);
        } catch (JacksonException e) {
            Exception cause = parser.failure() != null ? parser.failure() : e;
            throw new UnreadableItemException("Stored " + typeName() + " cannot be read as " + view.getName()
                    + JacksonItemCodec.attributePath(e) + ": "
                    + (parser.failure() != null ? parser.failure().getMessage() : e.getOriginalMessage()), keyPath, cause);
        }
    }

    /** A registered type's message without the key path suffix its exception adds. */
    private static String stripped(ItemMappingException e) {
        return e.keyPath().map(p -> e.getMessage().replace(" [key path " + p + "]", "")).orElse(e.getMessage());
    }

    /** The names the item type stores its non-key properties under. */
    private static Set<String> storedNames(DefaultItemSchema<?> source) {
        Map<String, String> jsonNames = JsonNames.of(source.itemMapper(), source.type());
        Set<String> keys = new HashSet<>(Arrays.asList(source.keyPropertyNames()));
        Set<String> stored = new LinkedHashSet<>();
        for (String javaName : Property.of(source.type()).keySet()) {
            String name = jsonNames.getOrDefault(javaName, javaName);
            if (!keys.contains(name)) {
                stored.add(name);
            }
        }
        return stored;
    }

    private static void checkClassView(Class<?> view, DefaultItemSchema<?> source) {
        if (view.isPrimitive() || view.isArray() || view.isEnum() || Modifier.isAbstract(view.getModifiers())) {
            throw new InvalidProjectionException("Projection view " + view.getName() + " of " + source.typeName()
                    + " must be a record, a class with properties, or an interface", view, null);
        }
    }

    /** The error for a view property the item type has not got. */
    static InvalidProjectionException unknown(Class<?> view, String javaName, String name,
                                              DefaultItemSchema<?> source, Set<String> stored) {
        return new InvalidProjectionException("Projection " + view.getSimpleName() + "." + javaName + " reads '"
                + name + "', which " + source.type().getSimpleName() + " (stored as " + source.typeName()
                + ") neither stores nor has as a key field; its properties: " + stored + ", key fields: "
                + Arrays.asList(source.keyPropertyNames()) + " (a KeyPath property gets the item's key path)",
                view, javaName);
    }
}
