package dev.keypath.streams.lambda;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Copies the records of Lambda's event model into the SDK's {@link Record}, field by field, so both go through one
 * decoder. Missing parts stay missing: a value with no type descriptor ({@code {}}, which is how DynamoDB Local
 * writes an empty map) stays a value with no type, a null value stays null and a null member of a set stays null.
 * The decoder judges them all alike for both routes; nothing is dropped or made up here. Stateless and thread-safe.
 */
final class LambdaRecords {
    private LambdaRecords() {
    }

    static Record toRecord(DynamodbEvent.DynamodbStreamRecord in) {
        if (in == null) {
            return null;
        }
        Record.Builder out = Record.builder().eventID(in.getEventID()).eventName(in.getEventName())
                .eventVersion(in.getEventVersion()).eventSource(in.getEventSource()).awsRegion(in.getAwsRegion());
        Identity identity = in.getUserIdentity();
        if (identity != null) {
            out.userIdentity(i -> i.type(identity.getType()).principalId(identity.getPrincipalId()));
        }
        StreamRecord d = in.getDynamodb();
        if (d != null) {
            Date created = d.getApproximateCreationDateTime();
            out.dynamodb(s -> s.sequenceNumber(d.getSequenceNumber()).sizeBytes(d.getSizeBytes())
                    .streamViewType(d.getStreamViewType())
                    .approximateCreationDateTime(created == null ? null : created.toInstant())
                    .keys(map(d.getKeys())).oldImage(map(d.getOldImage())).newImage(map(d.getNewImage())));
        }
        return out.build();
    }

    private static Map<String, AttributeValue> map(
            Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> in) {
        if (in == null) {
            return null;
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        in.forEach((name, value) -> {
            if (name != null) {
                out.put(name, value(value));
            }
        });
        return out;
    }

    private static AttributeValue value(com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue v) {
        if (v == null) {
            return null;
        }
        AttributeValue.Builder b = AttributeValue.builder();
        if (v.getS() != null) {
            b.s(v.getS());
        } else if (v.getN() != null) {
            b.n(v.getN());
        } else if (v.getB() != null) {
            b.b(bytes(v.getB()));
        } else if (v.getBOOL() != null) {
            b.bool(v.getBOOL());
        } else if (v.getNULL() != null) {
            b.nul(v.getNULL());
        } else if (v.getSS() != null) {
            b.ss(v.getSS());
        } else if (v.getNS() != null) {
            b.ns(v.getNS());
        } else if (v.getBS() != null) {
            List<SdkBytes> members = new ArrayList<>();
            v.getBS().forEach(member -> members.add(member == null ? null : bytes(member)));
            b.bs(members);
        } else if (v.getM() != null) {
            b.m(map(v.getM()));
        } else if (v.getL() != null) {
            List<AttributeValue> l = new ArrayList<>();
            v.getL().forEach(e -> l.add(value(e)));
            b.l(l);
        }
        return b.build();
    }

    private static SdkBytes bytes(ByteBuffer buffer) {
        return SdkBytes.fromByteBuffer(buffer.duplicate());
    }
}
