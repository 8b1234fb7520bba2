package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * A {@link KeyPath} as JSON: its text ({@code /user-…/post-7}), which the parser reads back to an equal path. It is
 * how a projection's {@code KeyPath} property receives the item's key path, and how a {@code KeyPath} value in an
 * item is stored.
 */
final class KeyPathJson {
    private KeyPathJson() {
    }

    /** Writes a key path as its text. */
    static final class Serializer extends StdSerializer<KeyPath> {
        Serializer() {
            super(KeyPath.class);
        }

        @Override
        public void serialize(KeyPath value, JsonGenerator gen, SerializationContext ctxt) throws JacksonException {
            gen.writeString(value.toString());
        }
    }

    /** Reads a key path from its text; anything else is a mismatch naming what was found. */
    static final class Deserializer extends StdDeserializer<KeyPath> {
        Deserializer() {
            super(KeyPath.class);
        }

        @Override
        public KeyPath deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (KeyPath) ctxt.handleUnexpectedToken(KeyPath.class, p);
            }
            String text = p.getString();
            try {
                return KeyPath.parse(text);
            } catch (KeyPathFormatException e) {
                return (KeyPath) ctxt.handleWeirdStringValue(KeyPath.class, text, "not a key path: %s", e.reason());
            }
        }
    }
}
