package dev.keypath.benchmarks;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A {@link DynamoDbClient} whose {@code updateItem} answers as DynamoDB would for one stored item, with no network
 * and no engine: with an older item ({@code older} not null), an update planned for the current version fails its
 * condition and hands the older item back, as {@code ReturnValuesOnConditionCheckFailure=ALL_OLD} does, while an
 * update that also upgrades it (its condition checks the attributes the upgrade rewrites) succeeds; with a current
 * item every update succeeds. A success returns {@code updated}.
 */
final class CannedUpdateClient implements DynamoDbClient {
    private final Map<String, ?> older;
    private final ConditionalCheckFailedException failed;
    private final UpdateItemResponse updated;

    CannedUpdateClient(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> older,
                       UpdateItemResponse updated) {
        this.older = older;
        this.failed = older == null ? null : (ConditionalCheckFailedException) ConditionalCheckFailedException.builder()
                .message("The conditional request failed").item(older).build();
        this.updated = updated;
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        if (older != null && !request.conditionExpression().contains("#kp_g")) {
            throw failed;
        }
        return updated;
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
