package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.annotation.ItemType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.ValueSerializerModifier;

/**
 * A serializer modifier that stops serializing the key fields of an {@link ItemType} class where their values would
 * be thrown away: in the root object of an item, which keeps key fields in {@code pk}/{@code sk} only and drops
 * them by name ({@link AttributeTreeGenerator.RootProperties}). The same object nested in another value, or
 * written by any other generator, is serialized in full. Key fields are found by their Java names and matched under
 * the names Jackson writes them with, as the root filter matches them. Swaps the writers of an item type's key
 * properties for {@link RootKeyWriter}s.
 */
final class ItemKeyProperties extends ValueSerializerModifier {
    @Override
    public List<BeanPropertyWriter> changeProperties(SerializationConfig config, BeanDescription.Supplier beanDesc,
                                                     List<BeanPropertyWriter> beanProperties) {
        ItemType itemType = beanDesc.getBeanClass().getAnnotation(ItemType.class);
        if (itemType == null) {
            return beanProperties;
        }
        Set<String> keyNames = new HashSet<>();
        try {
            Map<String, String> jsonNames = JsonNames.of(beanDesc.get().findProperties());
            for (String variable : KeyPathTemplate.parse(itemType.keyPath()).variables()) {
                keyNames.add(jsonNames.getOrDefault(variable, variable));
            }
        } catch (IllegalArgumentException e) {
            return beanProperties; // the item schema reports the bad template
        }
        List<BeanPropertyWriter> changed = new ArrayList<>(beanProperties.size());
        for (BeanPropertyWriter w : beanProperties) {
            changed.add(keyNames.contains(w.getName()) ? new RootKeyWriter(w) : w);
        }
        return changed;
    }

    /** A key property's writer that writes nothing into the root object of an item. */
    public static final class RootKeyWriter extends BeanPropertyWriter {
        RootKeyWriter(BeanPropertyWriter base) {
            super(base);
        }

        @Override
        public void serializeAsProperty(Object bean, JsonGenerator g, SerializationContext ctxt) throws Exception {
            if (g instanceof AttributeValueGenerator item && item.writesItemRoot()) {
                return;
            }
            super.serializeAsProperty(bean, g, ctxt);
        }
    }
}
