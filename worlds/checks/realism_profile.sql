-- id: realism_profile
-- severity: warn
-- description: every metric of the world's mail profile lies within tolerance of the reference profile
-- profile_metrics is filled during validation from the world's profile and the reference profile
-- (default worlds/profiles/business-mail.json, or --profile FILE); see worlds/profile.py for the
-- definitions and the tolerances. A metric without data or without a tolerance is shown, not judged.
select null as artifact_id, null as path,
       metric || ': world ' || coalesce(round(world_value, 3)::varchar, '-')
       || ' vs reference ' || coalesce(round(reference_value, 3)::varchar, '-')
       || case kind when 'histogram' then ' observations; Jensen-Shannon divergence '
                    else '; relative error ' end
       || round(divergence, 3) || ' is over the tolerance ' || round(tolerance, 3)
       || ' (reference: ' || reference || ')' as detail
from profile_metrics
where ok = false
