package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.Base64Variant;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.SerializableString;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteCapability;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TreeNode;
import tools.jackson.core.Version;
import tools.jackson.core.io.NumberInput;
import tools.jackson.core.util.JacksonFeatureSet;
import tools.jackson.core.util.SimpleStreamWriteContext;

/**
 * A Jackson {@link JsonGenerator} that builds native DynamoDB attribute values (N, S, B, BOOL, L, M, NULL, SS, NS,
 * BS) while a serializer writes, with no token buffer in between: strings as S, integers as written,
 * {@code BigDecimal}s with their scale (plain unless the exponent is extreme), floating-point numbers through
 * {@link BigDecimal#valueOf(double)}, numbers written as text as a token buffer's parser read them, binary as B,
 * booleans and null as BOOL and NULL, arrays as L, objects as M in written order. An array written for a
 * {@code java.util.Set} is a DynamoDB set when its elements are all strings, all numbers or all binary
 * ({@link DynamoSets}); an empty one is stored as a null would be there: no attribute as a field of an object written
 * for an item, record or bean, a NULL as a map value or list element. Like the token buffer it offers no native type ids or binary UUIDs (so UUIDs stay strings),
 * and it cannot hold POJOs, trees or raw JSON: those, and non-finite numbers, are reported by {@link #finish} as an
 * {@link ItemMappingException} naming the value's path, after Jackson is done (so Jackson's own errors come first).
 *
 * <p>Two modes: {@link #forValue} builds one value; {@link #forItem} writes the properties of a root object straight
 * into an item's attribute map, skipping those its {@link RootProperties} reject. One instance per serialization; not
 * thread-safe.
 */
final class AttributeValueGenerator extends JsonGenerator {
    /** Decides, by name, which properties of the root object of an item are stored. */
    public interface RootProperties {
        /** True to store the property, false to drop its value; may throw to reject it. */
        boolean accept(String name);
    }

    /** The capabilities Jackson's token buffer reports: every capability at its default. */
    private static final JacksonFeatureSet<StreamWriteCapability> CAPABILITIES =
            JacksonFeatureSet.fromDefaults(StreamWriteCapability.values());
    private static final String POJO_PROBLEM = "Jackson produced a POJO node; only JSON-like values are supported";
    private static final int INITIAL_DEPTH = 4;
    private static final boolean FAST_BIG_NUMBERS = StreamReadFeature.USE_FAST_BIG_NUMBER_PARSER.enabledByDefault();
    private static final boolean FAST_DOUBLES = StreamReadFeature.USE_FAST_DOUBLE_PARSER.enabledByDefault();
    /** An object of fields (an item, a record, a bean): an empty set there is stored as nothing. */
    private static final byte FIELDS = 0;
    /** An object written for a {@code java.util.Map}: its keys are data. */
    private static final byte ENTRIES = 1;
    /** An array. */
    private static final byte LIST = 2;
    /** An array written for a {@code java.util.Set}: stored as a DynamoDB set when its elements allow. */
    private static final byte SET = 3;

    private final String where;
    private final boolean bigDecimalForFloats;
    private final Map<String, AttributeValue> rootTarget;
    private final RootProperties rootProperties;

    private SimpleStreamWriteContext context = SimpleStreamWriteContext.createRootContext(null);
    private int streamWriteFeatures = StreamWriteFeature.collectDefaults();
    private boolean closed;

    /** The innermost open object, or null. */
    private Map<String, AttributeValue> map;
    /** The innermost open array, or null. */
    private List<AttributeValue> list;
    /** The pending property name in {@link #map}. */
    private String name;
    /** The enclosing open containers (a map or a list each) and their pending names, outermost first. */
    private Object[] outer = new Object[INITIAL_DEPTH];
    private String[] outerNames = new String[INITIAL_DEPTH];
    /** The enclosing containers' kinds ({@link #FIELDS}, {@link #ENTRIES}, {@link #LIST} or {@link #SET}). */
    private byte[] outerKinds = new byte[INITIAL_DEPTH];
    private int depth;
    /** The kind of the innermost open container. */
    private byte kind = FIELDS;
    /** Levels of a dropped value still open; 0 when not inside one. */
    private int skipDepth;
    /** The next value written belongs to a dropped root property. */
    private boolean skipNext;

    private JsonToken rootToken;
    private AttributeValue result;
    /** The first value that could not be stored (an ItemMappingException, or a malformed number's error). */
    private RuntimeException error;

    private AttributeValueGenerator(String where, boolean bigDecimalForFloats, Map<String, AttributeValue> rootTarget,
                                    RootProperties rootProperties) {
        this.where = where;
        this.bigDecimalForFloats = bigDecimalForFloats;
        this.rootTarget = rootTarget;
        this.rootProperties = rootProperties;
    }

    /**
     * A generator for one value; {@code where} names it in errors, {@code bigDecimalForFloats} is the mapper's
     * {@code USE_BIG_DECIMAL_FOR_FLOATS} (it decides how numbers written as text are read).
     */
    public static AttributeValueGenerator forValue(String where, boolean bigDecimalForFloats) {
        return new AttributeValueGenerator(where, bigDecimalForFloats, null, null);
    }

    /** A generator that puts the accepted properties of a root object into {@code target}. */
    public static AttributeValueGenerator forItem(String where, boolean bigDecimalForFloats,
                                           Map<String, AttributeValue> target, RootProperties properties) {
        return new AttributeValueGenerator(where, bigDecimalForFloats, target, properties);
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
    private boolean scalar(JsonToken token) {
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

    private void add(AttributeValue value) {
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
        kind = array ? (forValue instanceof java.util.Set ? SET : LIST)
                : forValue instanceof java.util.Map ? ENTRIES : FIELDS;
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
        if (done == DynamoSets.EMPTY) {
            // an empty set is stored as a null would be: no field, a NULL map value or list element
            if (kind != FIELDS || map == null) {
                add(AttributeValues.nul());
            }
            return;
        }
        if (done != null) {
            add(done);
        }
    }

    /** Records the first conversion error (thrown by {@link #finish}) and stores NULL in its place. */
    private void fail(String problem) {
        if (error == null) {
            error = new ItemMappingException("Cannot store " + path() + ": " + problem);
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

    private void number(String text) {
        add(AttributeValue.createN(text));
    }

    private void floating(double d) {
        if (Double.isFinite(d)) {
            number(BigDecimal.valueOf(d).toString());
        } else {
            fail("DynamoDB numbers cannot be " + d);
        }
    }

    private void embedded(Object value) {
        if (value == null) {
            add(AttributeValues.nul());
        } else if (value instanceof byte[] bytes) {
            add(AttributeValues.binary(bytes.clone()));
        } else {
            fail(POJO_PROBLEM);
        }
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

    @Override
    public JsonGenerator writeName(SerializableString name) {
        return writeName(name.getValue());
    }

    @Override
    public JsonGenerator writePropertyId(long id) {
        return writeName(Long.toString(id));
    }

    // ---------------------------------------------------------------- text

    @Override
    public JsonGenerator writeString(String text) {
        if (text == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_STRING)) {
            add(AttributeValue.createS(text));
        }
        return this;
    }

    @Override
    public JsonGenerator writeString(char[] buffer, int offset, int len) {
        if (scalar(JsonToken.VALUE_STRING)) {
            add(AttributeValue.createS(new String(buffer, offset, len)));
        }
        return this;
    }

    @Override
    public JsonGenerator writeString(SerializableString text) {
        return text == null ? writeNull() : writeString(text.getValue());
    }

    @Override
    public JsonGenerator writeString(Reader reader, int len) {
        if (reader == null) {
            return _reportError("null reader");
        }
        int toRead = len >= 0 ? len : Integer.MAX_VALUE;
        char[] buf = new char[1000];
        StringBuilder sb = new StringBuilder(1000);
        try {
            while (toRead > 0) {
                int n = reader.read(buf, 0, Math.min(toRead, buf.length));
                if (n <= 0) {
                    break;
                }
                sb.append(buf, 0, n);
                toRead -= n;
            }
        } catch (IOException e) {
            throw _wrapIOFailure(e);
        }
        if (toRead > 0 && len >= 0) {
            return _reportError("Was not able to read enough from reader");
        }
        return writeString(sb.toString());
    }

    @Override
    public JsonGenerator writeRawUTF8String(byte[] buffer, int offset, int len) {
        return unsupported();
    }

    @Override
    public JsonGenerator writeUTF8String(byte[] buffer, int offset, int len) {
        return unsupported();
    }

    @Override
    public JsonGenerator writeRaw(String text) {
        return unsupported();
    }

    @Override
    public JsonGenerator writeRaw(String text, int offset, int len) {
        return unsupported();
    }

    @Override
    public JsonGenerator writeRaw(SerializableString raw) {
        return unsupported();
    }

    @Override
    public JsonGenerator writeRaw(char[] text, int offset, int len) {
        return unsupported();
    }

    @Override
    public JsonGenerator writeRaw(char c) {
        return unsupported();
    }

    @Override
    public JsonGenerator writeRawValue(String text) {
        return rawValue();
    }

    @Override
    public JsonGenerator writeRawValue(String text, int offset, int len) {
        return rawValue();
    }

    @Override
    public JsonGenerator writeRawValue(char[] text, int offset, int len) {
        return rawValue();
    }

    @Override
    public JsonGenerator writeRawValue(SerializableString raw) {
        return rawValue();
    }

    /** Raw JSON cannot become an attribute value (the token buffer held it as an embedded object). */
    private JsonGenerator rawValue() {
        if (scalar(JsonToken.VALUE_EMBEDDED_OBJECT)) {
            fail(POJO_PROBLEM);
        }
        return this;
    }

    private <T> T unsupported() {
        throw new UnsupportedOperationException("Called operation not supported when writing DynamoDB attributes");
    }

    // ---------------------------------------------------------------- numbers, booleans, null

    @Override
    public JsonGenerator writeNumber(short v) {
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            add(AttributeValues.number(v));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(int v) {
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            add(AttributeValues.number(v));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(long v) {
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            add(AttributeValues.number(v));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(BigInteger v) {
        if (v == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            number(v.toString());
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(double v) {
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            floating(v);
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(float v) {
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            floating(v);
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(BigDecimal v) {
        if (v == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            number(AttributeValues.decimalText(v));
        }
        return this;
    }

    /** A number given as text: read as the token buffer's parser reads it, BigDecimal or double by the mapper. */
    @Override
    public JsonGenerator writeNumber(String encodedValue) {
        if (encodedValue == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            try {
                if (bigDecimalForFloats) {
                    number(AttributeValues.decimalText(NumberInput.parseBigDecimal(encodedValue, FAST_BIG_NUMBERS)));
                } else {
                    floating(NumberInput.parseDouble(encodedValue, FAST_DOUBLES));
                }
            } catch (NumberFormatException e) {
                if (error == null) {
                    error = e;
                }
                add(AttributeValues.nul());
            }
        }
        return this;
    }

    @Override
    public JsonGenerator writeBoolean(boolean state) {
        if (scalar(state ? JsonToken.VALUE_TRUE : JsonToken.VALUE_FALSE)) {
            add(AttributeValues.bool(state));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNull() {
        if (scalar(JsonToken.VALUE_NULL)) {
            add(AttributeValues.nul());
        }
        return this;
    }

    // ---------------------------------------------------------------- binary, embedded, POJOs, trees

    @Override
    public JsonGenerator writeBinary(Base64Variant variant, byte[] data, int offset, int len) {
        if (scalar(JsonToken.VALUE_EMBEDDED_OBJECT)) {
            add(AttributeValues.binary(Arrays.copyOfRange(data, offset, offset + len)));
        }
        return this;
    }

    @Override
    public int writeBinary(Base64Variant variant, InputStream data, int dataLength) {
        throw new UnsupportedOperationException();
    }

    @Override
    public JsonGenerator writeEmbeddedObject(Object object) {
        if (scalar(object == null ? JsonToken.VALUE_NULL : JsonToken.VALUE_EMBEDDED_OBJECT)) {
            embedded(object);
        }
        return this;
    }

    @Override
    public JsonGenerator writePOJO(Object pojo) {
        return writeEmbeddedObject(pojo);
    }

    @Override
    public JsonGenerator writeTree(TreeNode rootNode) {
        return writeEmbeddedObject(rootNode);
    }

    // ---------------------------------------------------------------- context, configuration

    @Override
    public Version version() {
        return tools.jackson.databind.cfg.PackageVersion.VERSION;
    }

    @Override
    public TokenStreamContext streamWriteContext() {
        return context;
    }

    @Override
    public ObjectWriteContext objectWriteContext() {
        return null; // as the token buffer: serializers get their context from the ObjectWriter
    }

    @Override
    public Object streamWriteOutputTarget() {
        return null;
    }

    @Override
    public int streamWriteOutputBuffered() {
        return -1;
    }

    @Override
    public Object currentValue() {
        return context.currentValue();
    }

    @Override
    public void assignCurrentValue(Object v) {
        context.assignCurrentValue(v);
    }

    @Override
    public JsonGenerator configure(StreamWriteFeature f, boolean state) {
        streamWriteFeatures = state ? streamWriteFeatures | f.getMask() : streamWriteFeatures & ~f.getMask();
        return this;
    }

    @Override
    public boolean isEnabled(StreamWriteFeature f) {
        return (streamWriteFeatures & f.getMask()) != 0;
    }

    @Override
    public int streamWriteFeatures() {
        return streamWriteFeatures;
    }

    @Override
    public boolean has(StreamWriteCapability capability) {
        return CAPABILITIES.isEnabled(capability);
    }

    @Override
    public JacksonFeatureSet<StreamWriteCapability> streamWriteCapabilities() {
        return CAPABILITIES;
    }

    @Override
    public void flush() {
        // nothing buffered
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }
}
