package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;

/**
 * A Jackson {@link tools.jackson.core.JsonParser} that reads a stored item's attribute map as one JSON object, straight
 * from the {@link AttributeValue}s, for Jackson's deserializers. It yields the tokens a {@code TokenBuffer} holding
 * the item's values would replay: S as strings, N as the smallest of int, long and BigInteger when
 * integral and as the exact BigDecimal otherwise, B as an embedded {@code byte[]} (a copy), BOOL, NULL, L and the
 * sets as arrays, M as objects. The root object holds the attributes not in {@code skipped}, in map order,
 * followed by the key fields (names and values given by the schema: strings, longs, ints or attribute values).
 * A value it cannot read (an attribute type it does not know, a malformed number) is an
 * {@link ItemMappingException}, also kept as {@link #failure()} in case Jackson wraps it. The accessors of the
 * current value are {@link DecodedValueParser}'s. One instance per read; not thread-safe.
 */
public final class AttributeMapParser extends DecodedValueParser {
    private static final int VALUES = 0;
    private static final int STRINGS = 1;
    private static final int NUMBERS = 2;
    private static final int BYTES = 3;

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
}
