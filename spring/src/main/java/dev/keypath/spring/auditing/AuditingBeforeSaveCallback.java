package dev.keypath.spring.auditing;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.spring.mapping.BeforeSaveCallback;
import dev.keypath.spring.mapping.KeyPathMappingContext;
import org.springframework.beans.factory.ObjectFactory;
import org.springframework.core.Ordered;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;

/**
 * Audits each item before it is saved: {@link IsNewAwareAuditingHandler#markAudited} with the item's type known
 * to the {@link KeyPathMappingContext}. Runs first among the save callbacks. Thread-safe.
 */
public class AuditingBeforeSaveCallback implements BeforeSaveCallback<Object>, Ordered {
    private final ObjectFactory<IsNewAwareAuditingHandler> handler;
    private final KeyPathMappingContext context;

    /** The callback of {@code handler}, looked up on first use, over {@code context}. */
    public AuditingBeforeSaveCallback(ObjectFactory<IsNewAwareAuditingHandler> handler, KeyPathMappingContext context) {
        this.handler = handler;
        this.context = context;
    }

    @Override
    public Object onBeforeSave(Object item) {
        if (!item.getClass().isAnnotationPresent(ItemType.class)) {
            return item;
        }
        context.getPersistentEntity(item.getClass()); // known before the handler looks it up
        return handler.getObject().markAudited(item);
    }

    @Override
    public int getOrder() {
        return 100;
    }
}
