-- A device in a store belongs to the store's agent: when a store moves to another agent (an
-- operator's assignment, a shipment's), its cloud devices move with it, whichever area moved it.
CREATE FUNCTION iot_devices_follow_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE iot_devices SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id AND tenant_id <> NEW.tenant_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stores_tenant_moves_devices AFTER UPDATE OF tenant_id ON stores
  FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id) EXECUTE FUNCTION iot_devices_follow_store();
