package dev.keypath.dynamodb.internal.mapping;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import tools.jackson.core.Base64Variant;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.SerializableString;
import tools.jackson.core.StreamWriteCapability;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TreeNode;
import tools.jackson.core.Version;
import tools.jackson.core.util.JacksonFeatureSet;
import tools.jackson.core.util.SimpleStreamWriteContext;

/**
 * The part of a Jackson generator that writes into no output, whatever it builds: the write context, the stream
 * write features and the capabilities Jackson's token buffer reports, nothing to flush, the overloads that come
 * down to another write (a name or string as a {@code SerializableString}, a string from a {@code Reader}, a POJO
 * or tree as an embedded object), and the raw and UTF-8 writes, which need an output and are refused. One instance
 * per serialization; not thread-safe.
 */
abstract class NoOutputGenerator extends JsonGenerator {
    /** The capabilities Jackson's token buffer reports: every capability at its default. */
    private static final JacksonFeatureSet<StreamWriteCapability> CAPABILITIES =
            JacksonFeatureSet.fromDefaults(StreamWriteCapability.values());

    /** Where the serializer is: the root, or the innermost open object or array. */
    protected SimpleStreamWriteContext context = SimpleStreamWriteContext.createRootContext(null);
    private int streamWriteFeatures = StreamWriteFeature.collectDefaults();
    private boolean closed;

    // ---------------------------------------------------------------- overloads

    @Override
    public JsonGenerator writeName(SerializableString name) {
        return writeName(name.getValue());
    }

    @Override
    public JsonGenerator writePropertyId(long id) {
        return writeName(Long.toString(id));
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
    public JsonGenerator writePOJO(Object pojo) {
        return writeEmbeddedObject(pojo);
    }

    @Override
    public JsonGenerator writeTree(TreeNode rootNode) {
        return writeEmbeddedObject(rootNode);
    }

    // ---------------------------------------------------------------- writes that need an output

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

    private <T> T unsupported() {
        throw new UnsupportedOperationException("Called operation not supported when writing DynamoDB attributes");
    }

    @Override
    public int writeBinary(Base64Variant variant, InputStream data, int dataLength) {
        throw new UnsupportedOperationException();
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
