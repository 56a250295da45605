import type { FaqEntry } from '../../domain/faq/faq-entries.js';

/**
 * The demo practices' FAQ (issue 26 §6): what callers ask front desks most, in English and
 * Spanish, written the way the agent says it on the phone. The brains answer from these
 * (brains/builtin/faq.ts; faq.unit.test.ts asks them in other words).
 */
export const DEMO_FAQ: Record<'maple' | 'harbor' | 'camden', FaqEntry[]> = {
  maple: [
    {
      question: 'Where can I park my car?',
      answer: 'Parking is free in our lot behind the building; the entrance is on Oak Lane. Accessible spaces are right by the back door.',
      questionEs: '¿Dónde puedo estacionar el carro?',
      answerEs: 'El estacionamiento es gratuito en nuestro lote detrás del edificio; la entrada está en Oak Lane. Los espacios accesibles están junto a la puerta trasera.',
    },
    {
      question: 'Are you accepting new patients?',
      answer: 'Yes, we welcome new patients of all ages. Ask for a new patient visit, and bring a photo ID, your insurance card and a list of your medicines.',
      questionEs: '¿Aceptan pacientes nuevos?',
      answerEs: 'Sí, aceptamos pacientes nuevos de todas las edades. Pida una visita de paciente nuevo y traiga una identificación con foto, su tarjeta del seguro y la lista de sus medicamentos.',
    },
    {
      question: 'Which insurance plans do you accept?',
      answer: 'We accept Medicare, HUSKY Health (Connecticut Medicaid), Aetna, Anthem Blue Cross Blue Shield, Cigna, ConnectiCare and UnitedHealthcare. Please check with your plan that we are in network.',
      questionEs: '¿Qué seguros médicos aceptan?',
      answerEs: 'Aceptamos Medicare, HUSKY Health (Medicaid de Connecticut), Aetna, Anthem Blue Cross Blue Shield, Cigna, ConnectiCare y UnitedHealthcare. Confirme con su plan que estamos en su red.',
    },
    {
      question: 'What languages do you speak? Do you have interpreters?',
      answer: 'Our team speaks English, Spanish and Polish, and we can bring in a phone interpreter for any other language at no cost to you.',
      questionEs: '¿Qué idiomas hablan? ¿Tienen intérpretes?',
      answerEs: 'Nuestro equipo habla inglés, español y polaco, y podemos conseguir un intérprete por teléfono para cualquier otro idioma, sin costo para usted.',
    },
    {
      question: 'How do I get there by bus or train?',
      answer: 'By public transport: we are at 214 Maple Street, a five-minute walk from Hartford Union Station, and CTtransit and CTfastrak buses stop at Maple and Main, right outside.',
      questionEs: '¿Cómo llego en autobús o en tren?',
      answerEs: 'Estamos en 214 Maple Street, a cinco minutos a pie de Hartford Union Station. Los autobuses de CTtransit y CTfastrak paran en Maple y Main, justo enfrente.',
    },
    {
      question: 'How much does a visit cost without insurance?',
      answer: 'Our self-pay rates are $150 for a new patient visit and $95 for a follow-up, paid at the visit. Ask us about our sliding scale if the cost is a concern.',
      questionEs: '¿Cuánto cuesta una consulta sin seguro?',
      answerEs: 'Una consulta sin seguro cuesta 150 dólares para un paciente nuevo y 95 dólares para una visita de seguimiento, y se paga el día de la visita. Pregúntenos por nuestra tarifa reducida según sus ingresos.',
    },
    {
      question: 'Do you take walk-ins?',
      answer: 'We keep a few same-day sick visits every weekday morning, but please call first so we can hold one for you rather than walking in without an appointment.',
      questionEs: '¿Atienden sin cita?',
      answerEs: 'Guardamos algunas visitas por enfermedad para el mismo día cada mañana entre semana, pero llame primero para que le reservemos una en lugar de venir sin cita.',
    },
    {
      question: 'Do you offer telehealth or video visits?',
      answer: 'Yes, we offer virtual appointments by video for follow-ups, medication checks and many minor concerns. We text you a link to join online; all you need is a phone or computer with a camera.',
      questionEs: '¿Ofrecen consultas por video o telesalud?',
      answerEs: 'Sí. Las visitas de seguimiento, las revisiones de medicamentos y muchos problemas menores se pueden atender por video. Le enviamos un enlace por mensaje de texto; solo necesita un teléfono o una computadora con cámara.',
    },
    {
      question: 'How do I get a copy of my medical records?',
      answer: 'Fill in a records release form at the front desk or in the patient portal. We send records within five business days, free of charge, to you or to another doctor.',
      questionEs: '¿Cómo pido una copia de mi expediente médico?',
      answerEs: 'Llene un formulario de autorización en la recepción o en el portal del paciente. Enviamos el expediente en un plazo de cinco días hábiles, sin costo, a usted o a otro médico.',
    },
  ],
  harbor: [
    {
      question: 'Where can I park?',
      answer: 'Park in the garage under our building, entrance on 2nd Street; we validate two hours at the front desk. Stroller-friendly elevators go straight up to our floor.',
      questionEs: '¿Dónde me puedo estacionar?',
      answerEs: 'Puede estacionarse en el garaje debajo del edificio, con entrada por la calle 2nd Street; validamos dos horas en la recepción. Los elevadores suben directo a nuestro piso y caben carriolas.',
    },
    {
      question: 'Are you accepting new patients, including newborns?',
      answer: 'Yes, we welcome newborns, children and teens up to 18. Expecting parents can book a free meet-the-pediatrician visit before the baby arrives.',
      questionEs: '¿Aceptan pacientes nuevos, también recién nacidos?',
      answerEs: 'Sí, aceptamos recién nacidos, niños y adolescentes hasta los 18 años. Los futuros padres pueden reservar una visita gratuita para conocer al pediatra antes de que nazca el bebé.',
    },
    {
      question: 'Which insurance plans do you accept?',
      answer: 'We accept Medi-Cal, Alameda Alliance for Health, Anthem Blue Cross, Blue Shield of California, Aetna, Cigna and Health Net. Please check with your plan that we are in network.',
      questionEs: '¿Qué seguros médicos aceptan?',
      answerEs: 'Aceptamos Medi-Cal, Alameda Alliance for Health, Anthem Blue Cross, Blue Shield of California, Aetna, Cigna y Health Net. Confirme con su plan que estamos en su red.',
    },
    {
      question: 'What languages do you speak? Do you have interpreters?',
      answer: 'Our pediatricians and staff speak English, Spanish, Cantonese and Vietnamese, and a phone interpreter is free for any other language.',
      questionEs: '¿Qué idiomas hablan? ¿Tienen intérpretes?',
      answerEs: 'Nuestros pediatras y nuestro personal hablan inglés, español, cantonés y vietnamita, y para cualquier otro idioma tenemos un intérprete por teléfono gratuito.',
    },
    {
      question: 'How do I get there by bus or BART?',
      answer: 'We are at 88 Embarcadero Way. Lake Merritt BART station is a ten-minute walk, and AC Transit line 62 stops at Embarcadero and 5th Avenue, across the street.',
      questionEs: '¿Cómo llego en autobús o en BART?',
      answerEs: 'Estamos en 88 Embarcadero Way. La estación Lake Merritt de BART está a diez minutos a pie, y la línea 62 de AC Transit para en Embarcadero y 5th Avenue, enfrente.',
    },
    {
      question: 'How much does a visit cost without insurance?',
      answer: 'Our self-pay rates are $120 for a sick visit and $180 for a well-child checkup, paid at the visit. If your child has no coverage, we can help you enroll in a state plan for free.',
      questionEs: '¿Cuánto cuesta una consulta sin seguro?',
      answerEs: 'Una consulta por enfermedad sin seguro cuesta 120 dólares y un chequeo de niño sano 180 dólares, y se paga el día de la visita. Si su hijo no tiene cobertura, le ayudamos gratis a inscribirlo en un plan del estado.',
    },
    {
      question: 'Do you take walk-ins?',
      answer: 'Sick children can walk in from 8 to 10 in the morning on weekdays. At other times, please call and we will find you a same-day visit.',
      questionEs: '¿Atienden sin cita?',
      answerEs: 'Atendemos a niños enfermos sin cita de 8 a 10 de la mañana entre semana. A otras horas, llame y le buscamos una visita para el mismo día.',
    },
    {
      question: 'Do you offer telehealth or video visits?',
      answer: 'Yes. Rashes, pink eye, follow-ups and behavior or feeding questions can often be seen by video. We text you a link before the visit.',
      questionEs: '¿Ofrecen consultas por video o telesalud?',
      answerEs: 'Sí. Los sarpullidos, la conjuntivitis, las visitas de seguimiento y las preguntas de conducta o alimentación muchas veces se pueden atender por video. Le enviamos un enlace por mensaje de texto antes de la visita.',
    },
    {
      question: 'How do I get a copy of my child’s records or vaccine card?',
      answer: 'Immunization records for school or camp are in the patient portal, or we can print them in two business days. For full medical records, sign a release form at the front desk.',
      questionEs: '¿Cómo pido el expediente médico o la cartilla de vacunas de mi hijo?',
      answerEs: 'El registro de vacunas para la escuela o el campamento está en el portal del paciente, o se lo imprimimos en dos días hábiles. Para el expediente médico completo, firme una autorización en la recepción.',
    },
  ],
  camden: [
    {
      question: 'Where can I park?',
      answer: 'We have no car park. There are pay-and-display bays on Camden Road and the side streets, and two disabled bays right outside for Blue Badge holders.',
      questionEs: '¿Dónde me puedo estacionar?',
      answerEs: 'No tenemos aparcamiento propio. Hay plazas de pago en Camden Road y en las calles de al lado, y dos plazas para personas con discapacidad justo enfrente para quienes tengan la tarjeta Blue Badge.',
    },
    {
      question: 'Can I register as a new patient?',
      answer: 'Yes, if you live in our catchment area around NW1. You can register online through the NHS App or our website, or with a form from reception.',
      questionEs: '¿Puedo registrarme como paciente nuevo?',
      answerEs: 'Sí, si vive en nuestra zona, alrededor de NW1. Puede registrarse en línea con la NHS App o en nuestra página web, o con un formulario de la recepción.',
    },
    {
      question: 'Do you accept private health insurance?',
      answer: 'NHS care here is free for registered patients, so you do not need insurance. We do not see private patients, but we can complete Bupa, AXA Health or Vitality claim forms for a fee.',
      questionEs: '¿Aceptan seguros médicos privados?',
      answerEs: 'La atención del NHS es gratuita para los pacientes registrados, así que no necesita seguro. No atendemos pacientes privados, pero podemos llenar formularios de reclamación de Bupa, AXA Health o Vitality con un cargo.',
    },
    {
      question: 'What languages do you speak? Do you have interpreters?',
      answer: 'Our team speaks English, Bengali, Turkish and Portuguese, and we book a free interpreter for any other language; just tell us when you book.',
      questionEs: '¿Qué idiomas hablan? ¿Tienen intérpretes?',
      answerEs: 'Nuestro equipo habla inglés, bengalí, turco y portugués, y reservamos un intérprete gratuito para cualquier otro idioma; solo díganoslo al pedir la cita.',
    },
    {
      question: 'How do I get there by bus, Tube or Overground?',
      answer: 'By public transport: Camden Road Overground station is a five-minute walk, Camden Town on the Northern line about ten, and buses 29, 46 and 253 stop right outside.',
      questionEs: '¿Cómo llego en autobús, metro u Overground?',
      answerEs: 'En transporte público: la estación Camden Road del Overground está a cinco minutos a pie, Camden Town, de la línea Northern del metro, a unos diez, y los autobuses 29, 46 y 253 paran justo enfrente.',
    },
    {
      question: 'How much do private services cost?',
      answer: 'NHS appointments are free. Services the NHS does not cover have a fee: letters from £30, insurance or medical reports from £75, and travel vaccines from £35 a dose.',
      questionEs: '¿Cuánto cuestan los servicios privados?',
      answerEs: 'Las citas del NHS son gratuitas. Los servicios que el NHS no cubre tienen un precio: cartas desde 30 libras, informes médicos o para seguros desde 75 libras y vacunas de viaje desde 35 libras por dosis.',
    },
    {
      question: 'Do you take walk-ins?',
      answer: 'We cannot see walk-ins. Call at 8 in the morning for a same-day appointment, or use NHS 111 online when we are closed.',
      questionEs: '¿Atienden sin cita?',
      answerEs: 'No podemos atender sin cita. Llame a las 8 de la mañana para una cita el mismo día, o use NHS 111 en línea cuando estemos cerrados.',
    },
    {
      question: 'Do you offer telephone or video appointments?',
      answer: 'Yes. Most appointments can be by phone or video; ask for one when you book or request it through the NHS App.',
      questionEs: '¿Ofrecen citas por teléfono o por video?',
      answerEs: 'Sí. La mayoría de las citas pueden ser por teléfono o por video; pídala al reservar o solicítela en la NHS App.',
    },
    {
      question: 'How do I get a copy of my medical records?',
      answer: 'You can read your GP record in the NHS App. For a full copy, ask reception for a subject access request; it is free and we reply within one month.',
      questionEs: '¿Cómo pido una copia de mi historial médico?',
      answerEs: 'Puede ver su historial en la NHS App. Para una copia completa, pida en la recepción una solicitud de acceso a sus datos; es gratuita y respondemos en un plazo de un mes.',
    },
  ],
};
