package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.Base64Variant;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.Version;
import tools.jackson.core.base.ParserMinimalBase;
import tools.jackson.core.util.ByteArrayBuilder;

/**
 * A Jackson {@link tools.jackson.core.JsonParser} that reads a stored item's attribute map as one JSON object, straight
 * from the {@link AttributeValue}s, for Jackson's deserializers. It yields the tokens a {@code TokenBuffer} holding
 * the item's values would replay: S as strings, N as the smallest of int, long and BigInteger when
 * integral and as the exact BigDecimal otherwise, B as an embedded {@code byte[]} (a copy), BOOL, NULL, L and the
 * sets as arrays, M as objects. The root object holds the attributes not in {@code skipped}, in map order,
 * followed by the key fields (names and values given by the schema: strings, longs, ints or attribute values).
 * A value it cannot read (an attribute type it does not know, a malformed number) is an
 * {@link ItemMappingException}, also kept as {@link #failure()} in case Jackson wraps it. One instance per read; not
 * thread-safe.
 */
final class AttributeMapParser extends ParserMinimalBase {
    private static final int VALUES = 0;
    private static final int STRINGS = 1;
    private static final int NUMBERS = 2;
    private static final int BYTES = 3;
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final BigDecimal DECIMAL_INT_MIN = new BigDecimal(INT_MIN);
    private static final BigDecimal DECIMAL_INT_MAX = new BigDecimal(INT_MAX);
    private static final BigDecimal DECIMAL_LONG_MIN = new BigDecimal(LONG_MIN);
    private static final BigDecimal DECIMAL_LONG_MAX = new BigDecimal(LONG_MAX);

    /** One open object or array; also the read context Jackson sees. */
    private static final class Frame extends TokenStreamContext {
        private final Frame parent;
        private String name;
        private Object value;
        /** Entries of an object. */
        private Iterator<Map.Entry<String, AttributeValue>> entries;
        /** True for the item's root object, whose entries are filtered and followed by the key fields. */
        private boolean item;
        private int nextKey;
        /** The value after the current property name, if not yet read. */
        private Object pending;
        private boolean hasPending;
        /** Elements of an array, of kind VALUES, STRINGS, NUMBERS or BYTES. */
        private List<?> elements;
        private int kind;

        Frame(int type, Frame parent) {
            super(type, -1);
            this.parent = parent;
            this._nestingDepth = parent == null ? 0 : parent._nestingDepth + 1;
        }

        /** Moves to the next entry or element and returns its index. */
        int step() {
            return ++_index;
        }

        int index() {
            return _index;
        }

        @Override
        public TokenStreamContext getParent() {
            return parent;
        }

        @Override
        public String currentName() {
            return name;
        }

        @Override
        public Object currentValue() {
            return value;
        }

        @Override
        public void assignCurrentValue(Object v) {
            value = v;
        }
    }

    private final Map<String, AttributeValue> item;
    private final NameSet skipped;
    private final String[] keyNames;
    private final Object[] keyValues;

    private Frame frame;
    /** The current scalar: a String, a Number or a byte[]. */
    private Object value;
    private ByteArrayBuilder byteBuilder;
    /** The error this parser threw for an unreadable stored value, which Jackson may have wrapped. */
    private ItemMappingException failure;

    /**
     * @param item      the stored attributes
     * @param skipped   attributes of the root object not to read
     * @param keyNames  the key fields' property names, read after the attributes
     * @param keyValues the key fields' values: a String, Long or Integer, or an AttributeValue
     */
    public AttributeMapParser(Map<String, AttributeValue> item, NameSet skipped, String[] keyNames,
                       Object[] keyValues) {
        super(ObjectReadContext.empty());
        this.item = item;
        this.skipped = skipped;
        this.keyNames = keyNames;
        this.keyValues = keyValues;
        this.frame = new Frame(TokenStreamContext.TYPE_ROOT, null);
    }

    // ---------------------------------------------------------------- traversal

    @Override
    public JsonToken nextToken() {
        Frame f = frame;
        if (_closed) {
            return _currToken = null;
        }
        if (f.inRoot()) {
            if (f.index() >= 0) {
                return _currToken = null; // after the item's object
            }
            f.step();
            Frame object = new Frame(TokenStreamContext.TYPE_OBJECT, f);
            object.entries = item.entrySet().iterator();
            object.item = true;
            frame = object;
            return _currToken = JsonToken.START_OBJECT;
        }
        if (f.inObject()) {
            if (f.hasPending) {
                Object v = f.pending;
                f.pending = null;
                f.hasPending = false;
                return v instanceof AttributeValue av ? attribute(av) : keyValue(v);
            }
            if (advance(f)) {
                f.step();
                return _currToken = JsonToken.PROPERTY_NAME;
            }
            frame = f.parent;
            return _currToken = JsonToken.END_OBJECT;
        }
        int i = f.index() + 1;
        if (i < f.elements.size()) {
            f.step();
            Object e = f.elements.get(i);
            return switch (f.kind) {
                case VALUES -> attribute((AttributeValue) e);
                case STRINGS -> string((String) e);
                case NUMBERS -> number((String) e);
                default -> embedded(((SdkBytes) e).asByteArray());
            };
        }
        frame = f.parent;
        return _currToken = JsonToken.END_ARRAY;
    }

    /** Moves an object to its next property; false at its end. */
    private boolean advance(Frame f) {
        Iterator<Map.Entry<String, AttributeValue>> it = f.entries;
        while (it.hasNext()) {
            Map.Entry<String, AttributeValue> e = it.next();
            String name = e.getKey();
            if (!f.item || !skipped.contains(name)) {
                f.name = name;
                f.pending = e.getValue();
                f.hasPending = true;
                return true;
            }
        }
        if (f.item && f.nextKey < keyNames.length) {
            int k = f.nextKey++;
            f.name = keyNames[k];
            f.pending = keyValues[k];
            f.hasPending = true;
            return true;
        }
        return false;
    }

    private JsonToken attribute(AttributeValue av) {
        return switch (av.type()) {
            case S -> string(av.s());
            case N -> number(av.n());
            case B -> embedded(av.b().asByteArray());
            case BOOL -> _currToken = av.bool() ? JsonToken.VALUE_TRUE : JsonToken.VALUE_FALSE;
            case NUL -> _currToken = JsonToken.VALUE_NULL;
            case L -> array(av.l(), VALUES);
            case SS -> array(av.ss(), STRINGS);
            case NS -> array(av.ns(), NUMBERS);
            case BS -> array(av.bs(), BYTES);
            case M -> {
                Frame object = new Frame(TokenStreamContext.TYPE_OBJECT, frame);
                object.entries = av.m().entrySet().iterator();
                frame = object;
                yield _currToken = JsonToken.START_OBJECT;
            }
            default -> throw fail(new ItemMappingException("Unsupported attribute value type " + av.type()));
        };
    }

    private JsonToken keyValue(Object v) {
        if (v instanceof String s) {
            return string(s);
        }
        value = v;
        return _currToken = JsonToken.VALUE_NUMBER_INT;
    }

    private JsonToken array(List<?> elements, int kind) {
        Frame array = new Frame(TokenStreamContext.TYPE_ARRAY, frame);
        array.elements = elements;
        array.kind = kind;
        frame = array;
        return _currToken = JsonToken.START_ARRAY;
    }

    private JsonToken string(String s) {
        value = s;
        return _currToken = JsonToken.VALUE_STRING;
    }

    private JsonToken number(String text) {
        Number n;
        try {
            n = AttributeValues.canonicalNumber(text);
        } catch (NumberFormatException e) {
            throw fail(new ItemMappingException("Stored number '" + text + "' is not a number", null, e));
        }
        value = n;
        return _currToken = n instanceof BigDecimal ? JsonToken.VALUE_NUMBER_FLOAT : JsonToken.VALUE_NUMBER_INT;
    }

    private ItemMappingException fail(ItemMappingException e) {
        failure = e;
        return e;
    }

    /** The error this parser threw for an unreadable stored value, or null. */
    public ItemMappingException failure() {
        return failure;
    }

    private JsonToken embedded(byte[] bytes) {
        value = bytes;
        return _currToken = JsonToken.VALUE_EMBEDDED_OBJECT;
    }

    // ---------------------------------------------------------------- context

    @Override
    public TokenStreamContext streamReadContext() {
        return frame;
    }

    @Override
    public String currentName() {
        Frame f = frame;
        if (_currToken == JsonToken.START_OBJECT || _currToken == JsonToken.START_ARRAY) {
            return f.parent == null ? null : f.parent.name;
        }
        return f.name;
    }

    @Override
    public Object currentValue() {
        return frame.value;
    }

    @Override
    public void assignCurrentValue(Object v) {
        frame.value = v;
    }

    @Override
    public TokenStreamLocation currentTokenLocation() {
        return TokenStreamLocation.NA;
    }

    @Override
    public TokenStreamLocation currentLocation() {
        return TokenStreamLocation.NA;
    }

    @Override
    public Object streamReadInputSource() {
        return null;
    }

    @Override
    public Version version() {
        return tools.jackson.databind.cfg.PackageVersion.VERSION;
    }

    @Override
    public void close() {
        _closed = true;
    }

    @Override
    protected void _closeInput() {
        // nothing to close
    }

    @Override
    protected void _releaseBuffers() {
        // nothing pooled
    }

    @Override
    protected void _handleEOF() {
        _throwInternal();
    }

    // ---------------------------------------------------------------- text

    @Override
    public String getString() {
        JsonToken t = _currToken;
        if (t == JsonToken.VALUE_STRING) {
            return (String) value;
        }
        if (t == null) {
            return null;
        }
        return switch (t) {
            case VALUE_STRING -> (String) value;
            case PROPERTY_NAME -> frame.name;
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> value.toString();
            default -> t.asString();
        };
    }

    @Override
    public char[] getStringCharacters() {
        String s = getString();
        return s == null ? null : s.toCharArray();
    }

    @Override
    public int getStringLength() {
        String s = getString();
        return s == null ? 0 : s.length();
    }

    @Override
    public int getStringOffset() {
        return 0;
    }

    @Override
    public boolean hasStringCharacters() {
        return false;
    }

    // ---------------------------------------------------------------- numbers

    private Number numberValue(int targetType) {
        if (_currToken == null || !_currToken.isNumeric()) {
            throw _constructNotNumericType(_currToken, targetType);
        }
        return (Number) value;
    }

    @Override
    public boolean isNaN() {
        return false; // stored numbers are always finite
    }

    @Override
    public NumberType getNumberType() {
        if (_currToken == null || !_currToken.isNumeric()) {
            return null;
        }
        Object v = value;
        if (v instanceof Integer) {
            return NumberType.INT;
        }
        if (v instanceof Long) {
            return NumberType.LONG;
        }
        return v instanceof BigInteger ? NumberType.BIG_INTEGER : NumberType.BIG_DECIMAL;
    }

    @Override
    public NumberTypeFP getNumberTypeFP() {
        return _currToken == JsonToken.VALUE_NUMBER_FLOAT ? NumberTypeFP.BIG_DECIMAL : NumberTypeFP.UNKNOWN;
    }

    @Override
    public Number getNumberValue() {
        return numberValue(-1);
    }

    @Override
    public Object getNumberValueDeferred() {
        return numberValue(0);
    }

    @Override
    public int getIntValue() {
        Number n = numberValue(NR_INT);
        if (n instanceof Integer) {
            return n.intValue();
        }
        if (n instanceof Long) {
            long l = n.longValue();
            if ((int) l != l) {
                _reportOverflowInt();
            }
        } else if (n instanceof BigInteger b) {
            if (INT_MIN.compareTo(b) > 0 || INT_MAX.compareTo(b) < 0) {
                _reportOverflowInt();
            }
        } else if (DECIMAL_INT_MIN.compareTo((BigDecimal) n) > 0 || DECIMAL_INT_MAX.compareTo((BigDecimal) n) < 0) {
            _reportOverflowInt();
        }
        return n.intValue();
    }

    @Override
    public long getLongValue() {
        Number n = numberValue(NR_LONG);
        if (n instanceof Long || n instanceof Integer) {
            return n.longValue();
        }
        if (n instanceof BigInteger b) {
            if (LONG_MIN.compareTo(b) > 0 || LONG_MAX.compareTo(b) < 0) {
                _reportOverflowLong();
            }
        } else if (DECIMAL_LONG_MIN.compareTo((BigDecimal) n) > 0 || DECIMAL_LONG_MAX.compareTo((BigDecimal) n) < 0) {
            _reportOverflowLong();
        }
        return n.longValue();
    }

    @Override
    public BigInteger getBigIntegerValue() {
        Number n = numberValue(NR_BIGINT);
        if (n instanceof BigInteger b) {
            return b;
        }
        if (n instanceof BigDecimal d) {
            streamReadConstraints().validateBigIntegerScale(d.scale());
            return d.toBigInteger();
        }
        return BigInteger.valueOf(n.longValue());
    }

    @Override
    public BigDecimal getDecimalValue() {
        Number n = numberValue(NR_BIGDECIMAL);
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        return BigDecimal.valueOf(n.longValue());
    }

    @Override
    public double getDoubleValue() {
        return numberValue(NR_DOUBLE).doubleValue();
    }

    @Override
    public float getFloatValue() {
        return numberValue(NR_FLOAT).floatValue();
    }

    // ---------------------------------------------------------------- binary

    @Override
    public Object getEmbeddedObject() {
        return _currToken == JsonToken.VALUE_EMBEDDED_OBJECT ? value : null;
    }

    @Override
    public byte[] getBinaryValue(Base64Variant variant) throws JacksonException {
        if (_currToken == JsonToken.VALUE_EMBEDDED_OBJECT && value instanceof byte[] bytes) {
            return bytes;
        }
        if (_currToken != JsonToken.VALUE_STRING) {
            throw _constructReadException("Current token (" + _currToken
                    + ") not VALUE_STRING (or VALUE_EMBEDDED_OBJECT with byte[]), cannot access as binary");
        }
        ByteArrayBuilder builder = byteBuilder;
        if (builder == null) {
            byteBuilder = builder = new ByteArrayBuilder(100);
        } else {
            builder.reset();
        }
        _decodeBase64((String) value, builder, variant);
        return builder.toByteArray();
    }
}
