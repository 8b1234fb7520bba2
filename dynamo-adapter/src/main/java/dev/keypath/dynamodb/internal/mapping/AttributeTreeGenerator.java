package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.util.SimpleStreamWriteContext;

/**
 * The structure of the attribute values a Jackson serializer writes: opens and closes objects as M and arrays as L
 * (an array written for a {@code java.util.Set} as a DynamoDB set, {@link DynamoSets}, and an empty one as an empty
 * list), puts each finished value into the innermost open container, and tracks the value's path
 * for errors. In an item's root object, the properties the {@link RootProperties} reject are dropped with
 * everything nested in them. The first value that cannot be stored is kept for {@link #finish}, after Jackson is
 * done. A subclass turns the scalar writes into attribute values ({@link AttributeValueGenerator}). One instance per
 * serialization; not thread-safe.
 */
abstract class AttributeTreeGenerator extends NoOutputGenerator {
    /** Decides, by name, which properties of the root object of an item are stored. */
    public interface RootProperties {
        /** True to store the property, false to drop its value; may throw to reject it. */
        boolean accept(String name);
    }

    private static final int INITIAL_DEPTH = 4;
    /** An object: an item, a record, a bean or a {@code java.util.Map}. */
    private static final byte OBJECT = 0;
    /** An array. */
    private static final byte LIST = 2;
    /** An array written for a {@code java.util.Set}: stored as a DynamoDB set when its elements allow. */
    private static final byte SET = 3;

    private final String where;
    private final Map<String, AttributeValue> rootTarget;
    private final RootProperties rootProperties;

    /** The innermost open object, or null. */
    private Map<String, AttributeValue> map;
    /** The innermost open array, or null. */
    private List<AttributeValue> list;
    /** The pending property name in {@link #map}. */
    private String name;
    /** The enclosing open containers (a map or a list each) and their pending names, outermost first. */
    private Object[] outer = new Object[INITIAL_DEPTH];
    private String[] outerNames = new String[INITIAL_DEPTH];
    /** The enclosing containers' kinds ({@link #OBJECT}, {@link #LIST} or {@link #SET}). */
    private byte[] outerKinds = new byte[INITIAL_DEPTH];
    private int depth;
    /** The kind of the innermost open container. */
    private byte kind = OBJECT;
    /** Levels of a dropped value still open; 0 when not inside one. */
    private int skipDepth;
    /** The next value written belongs to a dropped root property. */
    private boolean skipNext;

    private JsonToken rootToken;
    private AttributeValue result;
    /** The first value that could not be stored (an ItemMappingException, or a malformed number's error). */
    private RuntimeException error;

    /**
     * A generator of one value ({@code rootTarget} null), or of an item whose root properties go into
     * {@code rootTarget} as {@code rootProperties} decide; {@code where} names the value in errors.
     */
    AttributeTreeGenerator(String where, Map<String, AttributeValue> rootTarget, RootProperties rootProperties) {
        this.where = where;
        this.rootTarget = rootTarget;
        this.rootProperties = rootProperties;
    }

    /**
     * Whether a property written now goes into the root object of an item, where {@link RootProperties} decide
     * what is stored; false for a value generator, inside nested values and inside a dropped value.
     */
    public boolean writesItemRoot() {
        return skipDepth == 0 && map != null && map == rootTarget;
    }

    /** The first token written: {@code START_OBJECT} for an item, null if nothing was written. */
    public JsonToken rootToken() {
        return rootToken;
    }

    /** Throws the first conversion error, if any; returns the value built (null for an item's root object). */
    public AttributeValue finish() {
        if (error != null) {
            throw error;
        }
        return result;
    }

    // ---------------------------------------------------------------- building

    /** Starts a scalar; false if it is dropped. */
    final boolean scalar(JsonToken token) {
        context.writeValue();
        if (rootToken == null) {
            rootToken = token;
        }
        if (skipDepth > 0) {
            return false;
        }
        if (skipNext) {
            skipNext = false;
            return false;
        }
        return true;
    }

    /** Puts a finished value into the innermost open container, or makes it the result. */
    final void add(AttributeValue value) {
        if (map != null) {
            map.put(name, value);
        } else if (list != null) {
            list.add(value);
        } else {
            result = value;
        }
    }

    private void start(JsonToken token, Object forValue, int size) {
        context.writeValue();
        boolean array = token == JsonToken.START_ARRAY;
        context = array ? context.createChildArrayContext(forValue) : context.createChildObjectContext(forValue);
        if (rootToken == null) {
            rootToken = token;
        }
        if (skipDepth > 0 || skipNext) {
            skipNext = false;
            skipDepth++;
            return;
        }
        if (depth == outer.length) {
            outer = Arrays.copyOf(outer, depth * 2);
            outerNames = Arrays.copyOf(outerNames, depth * 2);
            outerKinds = Arrays.copyOf(outerKinds, depth * 2);
        }
        outer[depth] = map != null ? map : list;
        outerKinds[depth] = kind;
        outerNames[depth++] = name;
        kind = array ? (forValue instanceof java.util.Set ? SET : LIST) : OBJECT;
        if (array) {
            map = null;
            list = new ArrayList<>(size >= 0 ? size : 10);
        } else {
            map = depth == 1 && rootTarget != null ? rootTarget : new LinkedHashMap<>();
            list = null;
        }
    }

    @SuppressWarnings("unchecked")
    private void end(JsonToken token) {
        SimpleStreamWriteContext parent = context.getParent();
        if (parent != null) {
            context = parent;
        }
        if (skipDepth > 0) {
            skipDepth--;
            return;
        }
        if (depth == 0) {
            return; // unbalanced end: ignored, as the token buffer ignores it
        }
        AttributeValue done = map == null ? (kind == SET ? DynamoSets.of(list) : AttributeValue.createL(list))
                : map == rootTarget ? null : AttributeValue.createM(map);
        Object o = outer[--depth];
        outer[depth] = null;
        kind = outerKinds[depth];
        map = o instanceof Map ? (Map<String, AttributeValue>) o : null;
        list = o instanceof List ? (List<AttributeValue>) o : null;
        name = outerNames[depth];
        if (done != null) {
            add(done);
        }
    }

    /** Records the first conversion error (thrown by {@link #finish}) and stores NULL in its place. */
    final void fail(String problem) {
        if (error == null) {
            error = new ItemMappingException("Cannot store " + path() + ": " + problem);
        }
        add(AttributeValues.nul());
    }

    /** Keeps {@code e} for {@link #finish} unless an earlier error is kept, and stores NULL in the value's place. */
    final void fail(RuntimeException e) {
        if (error == null) {
            error = e;
        }
        add(AttributeValues.nul());
    }

    /** {@code where} followed by the path of the value being written, as {@code .name[0].other}. */
    private String path() {
        List<String> parts = new ArrayList<>();
        for (TokenStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            parts.add(c.inArray() ? "[" + c.getCurrentIndex() + "]" : "." + c.currentName());
        }
        StringBuilder sb = new StringBuilder(where);
        for (int i = parts.size() - 1; i >= 0; i--) {
            sb.append(parts.get(i));
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- structure

    @Override
    public JsonGenerator writeStartArray() {
        start(JsonToken.START_ARRAY, null, -1);
        return this;
    }

    @Override
    public JsonGenerator writeStartArray(Object forValue) {
        start(JsonToken.START_ARRAY, forValue, -1);
        return this;
    }

    @Override
    public JsonGenerator writeStartArray(Object forValue, int size) {
        start(JsonToken.START_ARRAY, forValue, size);
        return this;
    }

    @Override
    public JsonGenerator writeEndArray() {
        end(JsonToken.END_ARRAY);
        return this;
    }

    @Override
    public JsonGenerator writeStartObject() {
        start(JsonToken.START_OBJECT, null, -1);
        return this;
    }

    @Override
    public JsonGenerator writeStartObject(Object forValue) {
        start(JsonToken.START_OBJECT, forValue, -1);
        return this;
    }

    @Override
    public JsonGenerator writeStartObject(Object forValue, int size) {
        start(JsonToken.START_OBJECT, forValue, size);
        return this;
    }

    @Override
    public JsonGenerator writeEndObject() {
        end(JsonToken.END_OBJECT);
        return this;
    }

    @Override
    public JsonGenerator writeName(String name) {
        context.writeName(name);
        if (skipDepth > 0 || map == null) {
            return this;
        }
        if (map == rootTarget && !accept(name)) {
            skipNext = true;
            return this;
        }
        this.name = name;
        return this;
    }

    /** Asks the root properties; a rejection is kept for {@link #finish} and drops the value. */
    private boolean accept(String name) {
        try {
            return rootProperties.accept(name);
        } catch (ItemMappingException e) {
            if (error == null) {
                error = e;
            }
            return false;
        }
    }
}
